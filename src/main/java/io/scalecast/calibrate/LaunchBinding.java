package io.scalecast.calibrate;

import io.scalecast.sim.Placement;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calibration step that writes how the launch binds ranks to cores ({@code mpi.binding}, {@link Placement#cores}):
 * given with {@code --binding}, else read from the launch line of the trace taken with the most ranks (the launch closest
 * to the application's): {@code --bind-to core} (Open MPI) binds, {@code --bind-to none} or no binding option does not
 * (Open MPI does not bind a launch with more ranks than cores unless told to). It matters only where a node holds more
 * ranks than cores.
 */
final class LaunchBinding {
    private static final Pattern NP = Pattern.compile("(?:-np|-n)\\s+(\\d+)");

    private LaunchBinding() {
    }

    /** @param given {@code --binding}'s value, or null */
    static void write(String given, List<Path> traces, Map<String, String> props, List<String> warnings) {
        if (given != null) {
            if (!given.equals("core") && !given.equals("none")) {
                throw ScalecastException.badInput("--binding " + given + ": expected core or none");
            }
            put(given, "given with --binding", props, warnings);
            return;
        }
        Path best = null;
        String bestLine = null;
        int bestNp = -1;
        for (Path t : traces) {
            if (t == null) {
                continue;
            }
            String line = launchLine(t);
            if (line == null) {
                continue;
            }
            Matcher m = NP.matcher(line);
            int np = m.find() ? Integer.parseInt(m.group(1)) : 0;
            if (np > bestNp) {
                best = t;
                bestLine = line;
                bestNp = np;
            }
        }
        if (best == null) {
            return; // no launch line: the simulation shares each host's cores as SimGrid does (mpi.binding absent = none)
        }
        String l = bestLine.toLowerCase(Locale.ROOT);
        boolean core = l.contains("--bind-to core") || l.contains("--bind-to=core") || l.contains("--cpu-bind=cores");
        put(core ? "core" : "none", best + ": the launch of " + bestNp + " rank(s) "
                + (core ? "binds each rank to a core" : "binds no rank to a core") + " (" + excerpt(l) + ")", props, warnings);
    }

    private static void put(String value, String why, Map<String, String> props, List<String> warnings) {
        props.put(Placement.BINDING, value);
        props.put("calibration.binding", why);
        warnings.add("binding: " + Placement.BINDING + " = " + value + ": " + why);
    }

    private static String excerpt(String line) {
        int i = line.indexOf("--bind-to");
        if (i < 0) {
            i = line.indexOf("--cpu-bind");
        }
        if (i < 0) {
            return "no binding option";
        }
        int end = line.indexOf(' ', i + 10);
        return line.substring(i, end < 0 ? line.length() : end);
    }

    /** The trace's {@code # command:} line, or null when it has none. */
    static String launchLine(Path trace) {
        return CsvTable.read(trace).provenance().get("command");
    }
}
