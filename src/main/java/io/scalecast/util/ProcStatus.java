package io.scalecast.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Numbers of this process's Linux {@code /proc/self/status} (no JNI, no helper process). */
public final class ProcStatus {
    private ProcStatus() {
    }

    /**
     * The {@code column}-th number (0 = first) after {@code field:} in {@code /proc/self/status}, e.g. {@code VmHWM} 0
     * (peak resident set, KiB) or {@code Uid} 1 (effective uid); −1 when there is no such file, field or number.
     */
    public static long number(String field, int column) {
        String prefix = field + ":";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith(prefix)) {
                    return Long.parseLong(l.substring(prefix.length()).trim().split("\\s+")[column]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
