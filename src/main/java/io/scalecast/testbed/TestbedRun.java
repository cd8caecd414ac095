package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command in node 0's namespace of a testbed that is up, with the testbed's mpirun at
 * hand: the tokens {@code {mpirun}}, {@code {hostfile}} and {@code {nodes}} in the command are
 * replaced by the wrapper script, the hostfile and the node count, and the environment carries
 * {@code SCALECAST_MPIRUN} (wrapper), {@code SCALECAST_MPIRUN_ARGS} (its arguments, space
 * separated), {@code SCALECAST_HOSTFILE}, {@code SCALECAST_NODES} and {@code SCALECAST_TESTBED}.
 * On timeout the whole process tree is killed, then anything still living in the testbed's
 * namespaces (remote orted daemons and ranks).
 */
public final class TestbedRun {
    /** Exit code reported when the command was killed on timeout (as coreutils timeout(1)). */
    public static final int TIMEOUT_EXIT = 124;

    private TestbedRun() {
    }

    /** The command after token substitution. */
    public static List<String> expand(TestbedState s, List<String> command) {
        List<String> l = new ArrayList<>();
        for (String a : command) {
            l.add(a.replace("{mpirun}", s.mpirun().toString())
                    .replace("{hostfile}", s.hostfile().toString())
                    .replace("{nodes}", String.valueOf(s.nodes())));
        }
        return l;
    }

    /**
     * Runs {@code command} on the testbed and returns its exit code, or {@link #TIMEOUT_EXIT}
     * after killing it when it ran longer than {@code timeoutSeconds} (0 = no limit).
     *
     * @param workDir working directory of the command (HPCC reads hpccinf.txt from there); null = ours
     */
    public static int run(TestbedState s, List<String> command, long timeoutSeconds, Path workDir,
                          PrintWriter out, PrintWriter err) {
        if (command.isEmpty()) {
            throw ScalecastException.badInput("testbed run: no command given (scalecast testbed run -- {mpirun} -np 2 PROGRAM)");
        }
        List<String> cmd = new ArrayList<>(MpiLaunch.node0Prefix(s));
        cmd.addAll(expand(s, command));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        Map<String, String> env = pb.environment();
        env.put("SCALECAST_TESTBED", s.name());
        env.put("SCALECAST_MPIRUN", s.mpirun().toString());
        env.put("SCALECAST_MPIRUN_ARGS", String.join(" ", MpiLaunch.mpirunArgs(s)));
        env.put("SCALECAST_HOSTFILE", s.hostfile().toString());
        env.put("SCALECAST_NODES", String.valueOf(s.nodes()));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot start " + String.join(" ", cmd) + ": " + e.getMessage(), e);
        }
        io.scalecast.util.Interrupts.Registration killer = io.scalecast.util.Interrupts.onInterrupt(() -> killTree(p, s.name()));
        try {
            p.getOutputStream().close();
            Thread o = pump(p.getInputStream(), out);
            Thread e = pump(p.getErrorStream(), err);
            boolean done = true;
            if (timeoutSeconds > 0) {
                done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            } else {
                p.waitFor();
            }
            if (!done) {
                killTree(p, s.name());
                o.join(5000);
                e.join(5000);
                err.println("scalecast: testbed run: command timed out after " + timeoutSeconds + " s; killed it and every process on testbed " + s.name());
                err.flush();
                return TIMEOUT_EXIT;
            }
            o.join();
            e.join();
            return p.exitValue();
        } catch (IOException | InterruptedException ex) {
            killTree(p, s.name());
            if (ex instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw ScalecastException.failure("testbed run interrupted: " + ex.getMessage(), ex);
        } finally {
            killer.close();
        }
    }

    /** Kills the command, its descendants, then whatever still lives in the testbed's namespaces. */
    static void killTree(Process p, String testbed) {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        tree.forEach(ProcessHandle::destroy);
        p.destroy();
        Testbeds.sleep(300);
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Testbeds.killProcesses(testbed);
    }

    private static Thread pump(InputStream in, PrintWriter to) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (to) {
                        to.println(line);
                        to.flush();
                    }
                }
            } catch (IOException ignored) {
                // the process went away; what it printed so far has been forwarded
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
