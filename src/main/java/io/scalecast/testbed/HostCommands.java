package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the short system commands ({@code ip}, {@code tc}) that build and inspect a testbed. */
final class HostCommands {
    private HostCommands() {
    }

    /** Output of a finished command. */
    record Result(int exitCode, String out, String err) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    /** Runs a command and waits up to 60 s (these are all quick netlink calls). */
    static Result exec(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            // Read both streams fully; the outputs are small.
            String[] err = new String[1];
            Thread t = new Thread(() -> err[0] = readAll(p.getErrorStream()));
            t.start();
            String out = readAll(p.getInputStream());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw ScalecastException.failure(String.join(" ", cmd) + ": no answer within 60 s");
            }
            t.join();
            return new Result(p.exitValue(), out, err[0] == null ? "" : err[0]);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while running " + String.join(" ", cmd));
        }
    }

    static Result exec(String... cmd) {
        return exec(List.of(cmd));
    }

    /** Runs a command that must succeed; the failure message names the step and the tool's own complaint. */
    static String check(String... cmd) {
        Result r = exec(cmd);
        if (!r.ok()) {
            String why = r.err().isBlank() ? r.out().strip() : r.err().strip();
            throw ScalecastException.failure(String.join(" ", cmd) + ": " + firstLine(why) + " (exit " + r.exitCode() + ")");
        }
        return r.out();
    }

    static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Names of the network namespaces on this host ({@code ip netns list}). */
    static List<String> namespaces() {
        List<String> l = new ArrayList<>();
        for (String line : check("ip", "netns", "list").split("\n")) {
            String s = line.strip();
            if (!s.isEmpty()) {
                l.add(s.split("\\s+")[0]);
            }
        }
        return l;
    }

    /** Names of the links in the host's namespace (without the {@code @peer} suffix). */
    static List<String> links() {
        List<String> l = new ArrayList<>();
        for (String line : check("ip", "-o", "link", "show").split("\n")) {
            String[] f = line.split(":\\s+", 3);
            if (f.length >= 2) {
                String n = f[1].strip();
                int at = n.indexOf('@');
                l.add(at < 0 ? n : n.substring(0, at));
            }
        }
        return l;
    }

    /** Process ids living in a namespace ({@code ip netns pids}); empty when it does not exist. */
    static List<Long> pidsIn(String namespace) {
        Result r = exec("ip", "netns", "pids", namespace);
        List<Long> l = new ArrayList<>();
        if (r.ok()) {
            for (String s : r.out().split("\\s+")) {
                if (!s.isBlank()) {
                    l.add(Long.parseLong(s.strip()));
                }
            }
        }
        return l;
    }

    /**
     * Why a testbed cannot be built here, or null when it can: it needs root (namespaces,
     * links and qdiscs are privileged), a working {@code ip netns} and {@code tc}, and a namespace it can make and
     * configure (a chroot lists namespaces but cannot use one). Found once per JVM.
     */
    static String missingRequirement() {
        String why = requirement;
        if (why == null) {
            why = checkRequirement();
            requirement = why;
        }
        return why.isEmpty() ? null : why;
    }

    /** {@link #missingRequirement}'s answer, found once per JVM ("" = none missing): it makes a scratch namespace. */
    private static volatile String requirement;

    private static String checkRequirement() {
        long uid = uid();
        if (uid != 0) {
            return "testbed needs root (network namespaces, veth links and tc qdiscs are privileged); running as uid " + uid;
        }
        try {
            Result r = exec("ip", "netns", "list");
            if (!r.ok()) {
                return "testbed needs `ip netns` (iproute2), which failed: " + firstLine(r.err().strip());
            }
            Result t = exec("tc", "qdisc", "show", "dev", "lo");
            if (!t.ok()) {
                return "testbed needs `tc` (iproute2), which failed: " + firstLine(t.err().strip());
            }
            // Listing namespaces works where using one does not (a chroot: `ip -n`'s mount --make-rslave / fails there).
            String probe = "sc-check-" + ProcessHandle.current().pid();
            Result a = exec("ip", "netns", "add", probe);
            if (!a.ok()) {
                return "testbed needs to make network namespaces (`ip netns add`), which failed: " + firstLine(a.err().strip());
            }
            Result in;
            try {
                in = exec("ip", "-n", probe, "link", "set", "lo", "up");
            } finally {
                exec("ip", "netns", "del", probe);
            }
            if (!in.ok()) {
                return "testbed needs to configure a network namespace (`ip -n NS link`), which failed: " + firstLine(in.err().strip());
            }
        } catch (ScalecastException e) {
            return "testbed needs `ip netns` and `tc` (iproute2): " + e.getMessage();
        }
        return "";
    }

    /** Effective uid from /proc/self/status (no JNI, no `id` process). */
    static long uid() {
        return io.scalecast.util.ProcStatus.number("Uid", 1);
    }
}
