package io.scalecast.probe;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How Open MPI's {@code mpirun} (4.1) says that a rank ended the job, as one line: a rank that exited without
 * {@code MPI_Finalize} ("exiting improperly"), one killed by a signal, one that returned a non-zero exit code. Its
 * messages come inside help text that lists other possible causes, so the line that names the rank is the one to keep.
 */
final class OpenMpiExit {
    private static final Pattern IMPROPER = Pattern.compile("\\S+ has exited due to process rank (\\d+) with PID \\d+ on");
    private static final Pattern IMPROPER_NODE = Pattern.compile("node (\\S+) exiting improperly\\..*");
    private static final Pattern SIGNAL = Pattern.compile(
            "\\S+ noticed that process rank (\\d+) with PID \\d+ on node (\\S+) exited on signal (\\d+) \\(([^)]*)\\)\\.?");
    private static final Pattern NAME = Pattern.compile("Process name: \\[\\[\\d+,\\d+],(\\d+)]");
    private static final Pattern CODE = Pattern.compile("Exit code: +(-?\\d+)");

    private OpenMpiExit() {
    }

    /** The explanation that begins at {@code lines[i]}, or null when none does. */
    static String explain(String[] lines, int i) {
        String l = lines[i].strip();
        Matcher m = IMPROPER.matcher(l);
        if (m.matches() && i + 1 < lines.length) {
            Matcher n = IMPROPER_NODE.matcher(lines[i + 1].strip());
            if (n.matches()) {
                return "rank " + m.group(1) + " on node " + n.group(1) + " exited without calling MPI_Finalize (mpirun: \"exiting improperly\")";
            }
        }
        m = SIGNAL.matcher(l);
        if (m.matches()) {
            return "rank " + m.group(1) + " on node " + m.group(2) + " was killed by signal " + m.group(3) + " (" + m.group(4) + ")";
        }
        m = NAME.matcher(l);
        if (m.matches() && i + 1 < lines.length) {
            Matcher c = CODE.matcher(lines[i + 1].strip());
            if (c.matches()) {
                return "rank " + m.group(1) + " exited with code " + c.group(1);
            }
        }
        return null;
    }
}
