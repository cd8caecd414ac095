package io.scalecast.demo;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code scalecast demo} end to end: the report it names exists, every image it references is a
 * file, and headless Chromium loads the page with every {@code <img>} decoded (naturalWidth > 0)
 * and the tables present. A small script in a copy of the page writes what the browser saw into
 * the DOM, which {@code --dump-dom} prints.
 */
@Tag("slow")
class DemoReportChromiumTest {
    @TempDir
    Path tmp;

    private static final String CHECK = "<script>window.addEventListener('load',function(){"
            + "var im=document.images,ok=0,bad=[];for(var i=0;i<im.length;i++){if(im[i].complete&&im[i].naturalWidth>0){ok++;}"
            + "else{bad.push(im[i].getAttribute('src'));}}"
            + "var p=document.createElement('pre');p.id='scalecast-check';"
            + "p.textContent='images='+im.length+' loaded='+ok+' tables='+document.getElementsByTagName('table').length"
            + "+' broken='+bad.join(';');document.body.appendChild(p);});</script>";

    @Test
    void demoReportLoadsInHeadlessChromium() throws Exception {
        Path report = tmp.resolve("report");
        Cli r = Cli.run("demo", "--quiet", "--report", report.toString(), "--samples", "2");
        assertEquals(0, r.exit, r.toString());
        Path index = report.resolve("index.html");
        assertTrue(r.out.contains("report: " + index), r.out);
        String html = Files.readString(index, StandardCharsets.UTF_8);
        List<String> imgs = new ArrayList<>();
        Matcher m = Pattern.compile("<img src=\"([^\"]+)\"").matcher(html);
        while (m.find()) {
            imgs.add(m.group(1));
        }
        assertTrue(imgs.size() >= 2, "the report has at least the example and what-if plots: " + imgs);
        for (String i : imgs) {
            assertTrue(Files.size(report.resolve(i)) > 1000, "plot file " + i);
        }
        assertTrue(html.contains("<table class=\"stages\">") && html.contains("<table class=\"whatif\">"), "stage and what-if tables");
        // The page opens with the answer; the trace inventory is a page of its own, linked at the end.
        assertTrue(html.indexOf("<table class=\"whatif\">") < html.indexOf("<table class=\"stages\">")
                && html.indexOf("<table class=\"summary\">") < html.indexOf("<table class=\"stages\">"), "what-if and validation first");
        assertTrue(html.contains("cost_usd"), "the what-if carries cost");
        assertTrue(!html.contains("<table class=\"traces\">") && html.contains("href=\"traces.html\""), "traces on their own page");
        assertTrue(Files.readString(report.resolve("traces.html")).contains("<table class=\"traces\">"), "traces.html lists them");

        String chromium = findChromium();
        Assumptions.assumeTrue(chromium != null, "chromium is not installed (Debian package chromium; scripts/setup.sh installs it)");
        Path page = report.resolve("check.html");
        Files.writeString(page, html.replace("</body>", CHECK + "</body>"), StandardCharsets.UTF_8);
        Path profile = Files.createDirectories(tmp.resolve("chromium-profile"));
        Path dom = tmp.resolve("dom.html");
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + profile,
                "--virtual-time-budget=10000", "--dump-dom", page.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(tmp.resolve("chromium.err").toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "chromium finished within 3 minutes");
        String out = Files.readString(dom, StandardCharsets.UTF_8);
        Matcher c = Pattern.compile("<pre id=\"scalecast-check\">images=(\\d+) loaded=(\\d+) tables=(\\d+) broken=([^<]*)</pre>").matcher(out);
        assertTrue(c.find(), "the check script ran in chromium; dom was:\n" + out.substring(0, Math.min(out.length(), 2000))
                + "\nstderr:\n" + Files.readString(tmp.resolve("chromium.err")));
        assertEquals(imgs.size(), Integer.parseInt(c.group(1)), "every <img> of the page");
        assertEquals(c.group(1), c.group(2), "every image decoded in chromium; broken: " + c.group(4));
        assertTrue(Integer.parseInt(c.group(3)) >= 3, "tables present: " + c.group(3));
    }

    static String findChromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                File f = new File(dir, name);
                if (f.canExecute()) {
                    return f.getPath();
                }
            }
        }
        return null;
    }
}
