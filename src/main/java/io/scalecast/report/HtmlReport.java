package io.scalecast.report;

import io.scalecast.util.AtomicFiles;

import java.nio.file.Path;
import java.util.List;

/**
 * A self-contained HTML page (no scripts, no network): headings, paragraphs, tables and
 * images referenced by relative path, so the report folder can be moved or served as is.
 */
public final class HtmlReport {
    private final StringBuilder body = new StringBuilder();
    private final String title;

    public HtmlReport(String title) {
        this.title = title;
    }

    public HtmlReport heading(int level, String text, String id) {
        body.append("<h").append(level).append(id == null ? "" : " id=\"" + esc(id) + "\"").append('>')
                .append(esc(text)).append("</h").append(level).append(">\n");
        return this;
    }

    public HtmlReport paragraph(String text) {
        body.append("<p>").append(esc(text)).append("</p>\n");
        return this;
    }

    /** A paragraph in a fixed-width font (commands, paths). */
    public HtmlReport code(String text) {
        body.append("<pre>").append(esc(text)).append("</pre>\n");
        return this;
    }

    public HtmlReport link(String text, String href) {
        body.append("<p><a href=\"").append(esc(href)).append("\">").append(esc(text)).append("</a></p>\n");
        return this;
    }

    public HtmlReport list(List<String> items) {
        body.append("<ul>\n");
        for (String i : items) {
            body.append("<li>").append(esc(i)).append("</li>\n");
        }
        body.append("</ul>\n");
        return this;
    }

    /** An image by path relative to the page. */
    public HtmlReport image(String relPath, String alt) {
        body.append("<figure><img src=\"").append(esc(relPath)).append("\" alt=\"").append(esc(alt))
                .append("\"><figcaption>").append(esc(alt)).append("</figcaption></figure>\n");
        return this;
    }

    /** A table with human-formatted cells; {@code cssClass} lets tests and styles find it. */
    public HtmlReport table(Table t, String cssClass) {
        List<String[]> cells = TableFormat.humanCells(t);
        body.append("<table class=\"").append(esc(cssClass)).append("\">\n<caption>").append(esc(t.title())).append("</caption>\n");
        for (int k = 0; k < cells.size(); k++) {
            body.append("<tr>");
            for (int i = 0; i < cells.get(k).length; i++) {
                String tag = k == 0 ? "th" : "td";
                String cls = k > 0 && t.columns().get(i).kind() != Column.Kind.TEXT ? " class=\"num\"" : "";
                String v = cells.get(k)[i];
                String verdict = k > 0 && ("beyond".equals(v) || "FAIL".equals(v) || "ERROR".equals(v) || "missing".equals(v)) ? " class=\"bad\"" : "";
                body.append('<').append(tag).append(cls.isEmpty() ? verdict : cls).append('>').append(esc(v))
                        .append("</").append(tag).append('>');
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    public String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title) + "</title>\n"
                + "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
                + "table{border-collapse:collapse;margin:1em 0;font-size:90%}th,td{border:1px solid #ccc;padding:3px 8px}"
                + "th{background:#f0f0f0}td.num{text-align:right;font-variant-numeric:tabular-nums}td.bad{color:#b00;font-weight:bold}"
                + "caption{text-align:left;font-weight:bold;padding:4px 0}img{max-width:100%;border:1px solid #ddd}"
                + "figure{margin:1em 0}figcaption{font-size:85%;color:#555}pre{background:#f6f6f6;padding:6px;overflow-x:auto}</style>\n"
                + "</head>\n<body>\n<h1>" + esc(title) + "</h1>\n" + body + "</body>\n</html>\n";
    }

    /** Only the body's content (to append one page's sections to another). */
    public String renderBody() {
        return body.toString();
    }

    public void write(Path file) {
        AtomicFiles.writeString(file, render());
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
