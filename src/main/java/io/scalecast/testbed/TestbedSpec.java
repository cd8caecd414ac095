package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a testbed should be: its name, the number of nodes, the link rate and the token-bucket
 * burst, the MPI slots each node offers in the generated hostfile, and whether a line-rate cap
 * (a tbf peak bucket) keeps lone messages at the rate.
 *
 * @param name              short name, {@code [a-z0-9]{1,8}} (it goes into interface names,
 *                          which Linux limits to 15 characters)
 * @param nodes             number of node namespaces, 1..{@value #MAX_NODES}
 * @param rateBitsPerSecond shaped link rate in bit/s; 0 = unshaped
 * @param burstBytes        tbf bucket size in bytes (ignored when unshaped)
 * @param peakRateBitsPerSecond tbf peak rate in bit/s of the line-rate cap; 0 = no cap (the default)
 * @param peakBucketBytes   tbf peak bucket ({@code mtu}) in bytes; 0 without a cap
 * @param slotsPerNode      MPI slots per node in the hostfile
 * @param pinned            give each node its own share of the host's cores ({@link CpuPlacement});
 *                          false lets the host's scheduler move every node's processes over all cores
 * @param groups            one bridge for all nodes ({@link TestbedGroups#FLAT}, also for null) or groups joined
 *                          by shaped uplinks
 */
public record TestbedSpec(String name, int nodes, long rateBitsPerSecond, long burstBytes,
                          long peakRateBitsPerSecond, long peakBucketBytes, int slotsPerNode, boolean pinned,
                          TestbedGroups groups) {
    public static final int MAX_NODES = 64;
    public static final String DEFAULT_NAME = "sc";
    /**
     * Peak rate over the line rate under the line-rate cap: tbf needs peakrate &gt; rate
     * (tc-tbf(8)); 1 % above lets the main bucket, not the peak bucket, set the sustained rate.
     */
    public static final double PEAK_OVER_RATE = 1.01;
    /** Peak bucket up to {@link #SMALL_PEAK_BUCKET_MAX_RATE}: two 1500-byte packets with headers. */
    public static final long SMALL_PEAK_BUCKET_BYTES = 3200;
    /** Peak bucket above {@link #SMALL_PEAK_BUCKET_MAX_RATE}: 96 KiB (see {@link #defaultPeakBucketBytes}). */
    public static final long LARGE_PEAK_BUCKET_BYTES = 96 * 1024L;
    /** Highest rate (bit/s) at which the two-packet peak bucket keeps the sustained rate: 100mbit. */
    public static final long SMALL_PEAK_BUCKET_MAX_RATE = 100_000_000L;
    private static final long MTU_PACKET_BYTES = 1600;
    private static final String NEEDS_SHAPED_LINK = "--line-rate-cap needs a shaped link (--rate 100mbit, 1gbit, ...; not none)";
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
        if (rateBitsPerSecond > 0 && burstBytes < MTU_PACKET_BYTES) {
            throw ScalecastException.badInput("--burst " + burstBytes + " bytes: expected at least one MTU-sized packet (1600 bytes)");
        }
        if (slotsPerNode < 1) {
            throw ScalecastException.badInput("--slots " + slotsPerNode + ": expected at least 1");
        }
        checkCap(rateBitsPerSecond, burstBytes, peakRateBitsPerSecond, peakBucketBytes);
        groups = groups == null ? TestbedGroups.FLAT : groups;
        if (groups.grouped() && (groups.count() > nodes || nodes % groups.count() != 0)) {
            throw ScalecastException.badInput("--groups " + groups.count() + " with --nodes " + nodes
                    + ": expected a group count that divides the nodes");
        }
    }

    /** A flat spec (every node on one bridge). */
    public TestbedSpec(String name, int nodes, long rateBitsPerSecond, long burstBytes,
                       long peakRateBitsPerSecond, long peakBucketBytes, int slotsPerNode, boolean pinned) {
        this(name, nodes, rateBitsPerSecond, burstBytes, peakRateBitsPerSecond, peakBucketBytes, slotsPerNode, pinned, TestbedGroups.FLAT);
    }

    /** A spec without a line-rate cap, nodes pinned. */
    public TestbedSpec(String name, int nodes, long rateBitsPerSecond, long burstBytes, int slotsPerNode) {
        this(name, nodes, rateBitsPerSecond, burstBytes, 0, 0, slotsPerNode, true);
    }

    /** A spec with nodes pinned. */
    public TestbedSpec(String name, int nodes, long rateBitsPerSecond, long burstBytes,
                       long peakRateBitsPerSecond, long peakBucketBytes, int slotsPerNode) {
        this(name, nodes, rateBitsPerSecond, burstBytes, peakRateBitsPerSecond, peakBucketBytes, slotsPerNode, true);
    }

    /** The same spec with the nodes pinned or not. */
    public TestbedSpec withPinned(boolean pin) {
        return new TestbedSpec(name, nodes, rateBitsPerSecond, burstBytes, peakRateBitsPerSecond, peakBucketBytes, slotsPerNode, pin, groups);
    }

    /** The same spec with its nodes in these groups. */
    public TestbedSpec withGroups(TestbedGroups g) {
        return new TestbedSpec(name, nodes, rateBitsPerSecond, burstBytes, peakRateBitsPerSecond, peakBucketBytes, slotsPerNode, pinned, g);
    }

    /**
     * The spec of one uplink, for the tbf of both its ends: at the node rate the node links' very
     * shaping (burst, line-rate cap); at another rate the default burst and peak bucket of that rate.
     */
    TestbedSpec uplinkSpec() {
        long up = groups.uplinkRateBitsPerSecond();
        if (up == rateBitsPerSecond) {
            return new TestbedSpec(name, 1, up, burstBytes, peakRateBitsPerSecond, peakBucketBytes, 1, pinned);
        }
        long b = defaultBurstBytes(up);
        long peak = lineRateCapped() && up > 0 ? Math.round(up * PEAK_OVER_RATE) : 0;
        long bucket = peak > 0 ? defaultPeakBucketBytes(up, b) : 0;
        return new TestbedSpec(name, 1, up, b, peak, bucket, 1, pinned);
    }

    private static void checkCap(long rate, long burst, long peak, long bucket) {
        if (peak == 0) {
            if (bucket != 0) {
                throw ScalecastException.badInput("--peak-bucket needs --line-rate-cap");
            }
            return;
        }
        if (rate == 0) {
            throw ScalecastException.badInput(NEEDS_SHAPED_LINK);
        }
        if (peak <= rate) {
            throw ScalecastException.badInput("peak rate " + peak + " bit/s: expected above the rate " + rate + " bit/s (tbf)");
        }
        if (bucket < MTU_PACKET_BYTES || bucket > burst) {
            throw ScalecastException.badInput("--peak-bucket " + bucket + " bytes: expected at least one MTU-sized packet ("
                    + MTU_PACKET_BYTES + " bytes) and at most the burst (" + burst + " bytes)");
        }
    }

    /** A spec with the default burst for the rate, without a line-rate cap. */
    public static TestbedSpec of(String name, int nodes, String rate, String burst, int slots) {
        return of(name, nodes, rate, burst, slots, false, null);
    }

    /**
     * A spec with the default burst for the rate; with {@code lineRateCap}, a peak rate of
     * {@link #PEAK_OVER_RATE} × the rate and a peak bucket of {@code peakBucket} bytes (null or
     * blank: {@link #defaultPeakBucketBytes}).
     */
    public static TestbedSpec of(String name, int nodes, String rate, String burst, int slots,
                                 boolean lineRateCap, String peakBucket) {
        long bits = parseRate(rate);
        long b = burst == null || burst.isBlank() ? defaultBurstBytes(bits) : Units.parseBytes(burst);
        boolean bucketGiven = peakBucket != null && !peakBucket.isBlank();
        if (!lineRateCap) {
            return new TestbedSpec(name, nodes, bits, b, 0, bucketGiven ? Units.parseBytes(peakBucket) : 0, slots);
        }
        if (bits == 0) {
            throw ScalecastException.badInput(NEEDS_SHAPED_LINK);
        }
        long peak = Math.round(bits * PEAK_OVER_RATE);
        long bucket = bucketGiven ? Units.parseBytes(peakBucket) : defaultPeakBucketBytes(bits, b);
        return new TestbedSpec(name, nodes, bits, b, peak, bucket, slots);
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

    /**
     * Default peak bucket of the line-rate cap: the smallest that keeps the sustained rate on this
     * host, never more than the burst: up to 100mbit {@value #SMALL_PEAK_BUCKET_BYTES} bytes (two
     * 1500-byte packets; a lone message then crosses at the rate except for those packets), above
     * 96 KiB (tbf dequeues too slowly here for a smaller one at 1gbit). The measurements behind both
     * choices: docs/notebook/testbed.md (2026-11-30, the peak bucket).
     */
    public static long defaultPeakBucketBytes(long rateBitsPerSecond, long burstBytes) {
        long b = rateBitsPerSecond <= SMALL_PEAK_BUCKET_MAX_RATE ? SMALL_PEAK_BUCKET_BYTES : LARGE_PEAK_BUCKET_BYTES;
        return Math.min(b, burstBytes);
    }

    public boolean shaped() {
        return rateBitsPerSecond > 0;
    }

    public boolean lineRateCapped() {
        return peakRateBitsPerSecond > 0;
    }

    /** How the cap reads in {@code status} and in traces' provenance: "" without one. */
    static String capLabel(long peakRateBitsPerSecond, long peakBucketBytes) {
        if (peakRateBitsPerSecond <= 0) {
            return "";
        }
        return "line-rate cap: tbf peakrate " + rateLabel(peakRateBitsPerSecond) + " mtu " + peakBucketBytes;
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
