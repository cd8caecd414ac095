package io.scalecast.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the real command line in-process and captures exit code, stdout and stderr. */
public final class Cli {
    public final int exit;
    public final String out;
    public final String err;

    private Cli(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    public static Cli run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        cl.setOut(new PrintWriter(o, true));
        cl.setErr(new PrintWriter(e, true));
        int code = cl.execute(args);
        return new Cli(code, o.toString(), e.toString());
    }

    @Override
    public String toString() {
        return "exit=" + exit + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
