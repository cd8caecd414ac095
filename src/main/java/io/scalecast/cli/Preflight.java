package io.scalecast.cli;

import io.scalecast.util.AtomicFiles;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that every command shares, before it starts work: each output option ({@code --out},
 * {@code --*-out}, {@code --plot}) names a file that can be written (not a directory, in a
 * writable folder) and that is none of the command's inputs. A long simulation then never ends
 * in "cannot write", and {@code import netpipe X --out X} cannot overwrite its input.
 */
final class Preflight {
    private Preflight() {
    }

    static void check(ParseResult top) {
        ParseResult r = top;
        while (r.hasSubcommand()) {
            r = r.subcommand();
        }
        List<Path> inputs = new ArrayList<>();
        List<OptionSpec> outputs = new ArrayList<>();
        for (OptionSpec o : r.matchedOptions()) {
            if (isOutput(o)) {
                outputs.add(o);
            } else {
                inputs.addAll(paths(o));
            }
        }
        r.matchedPositionals().forEach(p -> inputs.addAll(paths(p)));
        for (OptionSpec o : outputs) {
            for (Path out : paths(o)) {
                AtomicFiles.checkWritable(o.longestName(), out);
                for (Path in : inputs) {
                    AtomicFiles.checkNotInput(o.longestName(), out, in);
                }
            }
        }
    }

    static boolean isOutput(OptionSpec o) {
        String n = o.longestName();
        String d = String.join(" ", o.description()).toLowerCase(java.util.Locale.ROOT);
        boolean folder = d.startsWith("folder") || d.startsWith("directory");   // e.g. testbed tabulate-hpcc --out DIR
        return !folder && (n.equals("--out") || n.endsWith("-out") || n.equals("--plot"));
    }

    private static List<Path> paths(ArgSpec a) {
        List<Path> out = new ArrayList<>();
        Object v = a.getValue();
        if (v instanceof Path p) {
            out.add(p);
        } else if (v instanceof Iterable<?> it) {
            for (Object x : it) {
                if (x instanceof Path p) {
                    out.add(p);
                }
            }
        }
        return out;
    }
}
