package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a testbed should be: its name, the number of nodes, the link rate and the token-bucket
 * burst, and the MPI slots each node offers in the generated hostfile.
 *
 * @param name              short name, {@code [a-z0-9]{1,8}} (it goes into interface names,
 *                          which Linux limits to 15 characters)
 * @param nodes             number of node namespaces, 1..{@value #MAX_NODES}
 * @param rateBitsPerSecond shaped link rate in bit/s; 0 = unshaped
 * @param burstBytes        tbf bucket size in bytes (ignored when unshaped)
 * @param slotsPerNode      MPI slots per node in the hostfile
 */
public record TestbedSpec(String name, int nodes, long rateBitsPerSecond, long burstBytes, int slotsPerNode) {
    public static final int MAX_NODES = 64;
    public static final String DEFAULT_NAME = "sc";
    private static final Pattern NAME = Pattern.compile("[a-z0-9]{1,8}");

    public TestbedSpec {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ScalecastException.badInput("testbed name \"" + name + "\": expected 1-8 characters a-z or 0-9");
        }
        if (nodes < 1 || nodes > MAX_NODES) {
            throw ScalecastException.badInput("--nodes " + nodes + ": expected 1.." + MAX_NODES);
        }
        if (rateBitsPerSecond < 0) {
            throw ScalecastException.badInput("rate must not be negative");
        }
        if (rateBitsPerSecond > 0 && burstBytes < 1600) {
            throw ScalecastException.badInput("--burst " + burstBytes + " bytes: expected at least one MTU-sized packet (1600 bytes)");
        }
        if (slotsPerNode < 1) {
            throw ScalecastException.badInput("--slots " + slotsPerNode + ": expected at least 1");
        }
    }

    /** A spec with the default burst for the rate. */
    public static TestbedSpec of(String name, int nodes, String rate, String burst, int slots) {
        long bits = parseRate(rate);
        long b = burst == null || burst.isBlank() ? defaultBurstBytes(bits) : Units.parseBytes(burst);
        return new TestbedSpec(name, nodes, bits, b, slots);
    }

    /** "100mbit", "1gbit", "none" → bit/s (0 for none). */
    public static long parseRate(String rate) {
        if (rate == null || rate.isBlank()) {
            throw ScalecastException.badInput("--rate: expected a rate like 100mbit, 1gbit or none");
        }
        if (rate.trim().toLowerCase(Locale.ROOT).equals("none")) {
            return 0;
        }
        return Math.round(Units.parseRate(rate) * 8.0);
    }

    /**
     * Default tbf burst: 64 KiB, or 4 ms of traffic at the rate if that is larger. The bucket
     * must hold at least what arrives in one timer tick (rate/HZ; HZ=250 → 4 ms), otherwise tbf
     * cannot reach the configured rate (tc-tbf(8)); 64 KiB is the size used in real-runs.md.
     */
    public static long defaultBurstBytes(long rateBitsPerSecond) {
        return Math.max(64 * 1024L, rateBitsPerSecond / 8 / 250);
    }

    public boolean shaped() {
        return rateBitsPerSecond > 0;
    }

    /** The rate as tc writes it ("100mbit"), or "none". */
    public String rateLabel() {
        return rateLabel(rateBitsPerSecond);
    }

    static String rateLabel(long bits) {
        if (bits <= 0) {
            return "none";
        }
        if (bits % 1_000_000_000L == 0) {
            return bits / 1_000_000_000L + "gbit";
        }
        if (bits % 1_000_000L == 0) {
            return bits / 1_000_000L + "mbit";
        }
        if (bits % 1_000L == 0) {
            return bits / 1_000L + "kbit";
        }
        return bits + "bit";
    }
}
