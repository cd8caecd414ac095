package io.scalecast.calibrate;

import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Ping-pong traces for the seed clusters, written from published latency, bandwidth and
 * protocol-switch figures (notes/published-network-figures.md), never from application results.
 * No seed document holds a ping-pong curve for these machines, so each trace is the piecewise
 * model those figures state, sampled at the probe's sizes (powers of two, 1.5x points) plus each switch point and 64 B above it, without noise. Every figure used and
 * every assumption is written into the trace's provenance; {@code platforms/build.sh} runs this
 * and then {@code scalecast calibrate} on the result.
 *
 * <p>Assumptions shared by all traces, tagged [I] as in the notes:
 * a protocol with a handshake (LAM long, MPICH rendezvous, MPICH-GM rendezvous) costs one extra
 * round trip of a small message, i.e. +2 latencies; the bandwidth does not change at a switch;
 * MPICH's short→eager switch (16 KB) changes nothing visible in a ping-pong.
 */
public final class PublishedTraces {
    private PublishedTraces() {
    }

    // Figures, each with its source (notes/published-network-figures.md; [M] measured/stated, [C] source code default, [I] inference).
    static final String FE_MPI_BW_SRC = "Ames Lab IBM cluster benchmarks page: MPI over Fast Ethernet peaks at about 90 Mbps [M] = 11.25e6 B/s";
    static final double FE_MPI_BW = 90e6 / 8;
    static final String FE_MPI_LAT_SRC = "Ames Lab IBM cluster benchmarks page: MPI latency \"110-130\" [M], unit printed as milliseconds, read as microseconds [I]; midpoint 120 us";
    static final double FE_MPI_LAT = 120e-6;
    static final String LAM_SWITCH_SRC = "LAM 7 config/lam_rpi_tcp_setup.m4 TCPSHORT_DEFAULT=65536 [C]; LAM 6.x also 64 KB per oraccha/omicron wiki (secondary); messages > 65536 B take the long protocol";
    static final String MPICH_SWITCH_SRC = "MPICH 1.2.x ch_p4 (adi2init.c, packets.h with MPID_HAS_HETERO) [C]: short <= 16384 B, eager <= 128000 B, rendezvous above";
    static final String GM_SWITCH_SRC = "MPICH-GM gmpi.h GMPI_EAGER_SIZE_DEFAULT = 16288 B [C] (1.2.4..8b; the 1999 version was not found [NF], assumed the same)";
    static final String MYRI_SRC = "Tezuka, Hori, O'Carroll, Ishikawa, IPSJ SIG-ARC 1998-18: MPI over Myrinet (SCore MPI/PM, PPro-200) 11 us, 104 MB/s at 1 MB [M]; same hardware class as Roadrunner's LANai/PII nodes [I]";
    static final String HANDSHAKE = "[I] a handshake protocol adds one small-message round trip (+2 latencies); bandwidth unchanged at the switch";

    /** One trace to write. */
    record Spec(String file, String system, List<SyntheticPingPong.Piece> pieces, long[] sizes, List<String> figures) {
    }

    static List<Spec> specs() {
        List<Spec> l = new ArrayList<>();
        // Our probe's sizes (powers of two and 1.5x) plus each switch point and 64 B above it
        // (more than SMPI's 16 B envelope, see SmpiTranslation.SMPI_ENVELOPE_BYTES).
        long[] ne = probeSizes(4L << 20, 16384, 16448, 16288, 16352, 65536, 65600, 128000, 128064);
        List<SyntheticPingPong.Piece> lam = List.of(new SyntheticPingPong.Piece(0, FE_MPI_LAT, FE_MPI_BW),
                new SyntheticPingPong.Piece(65536, 3 * FE_MPI_LAT, FE_MPI_BW));
        List<SyntheticPingPong.Piece> mpich = List.of(new SyntheticPingPong.Piece(0, FE_MPI_LAT, FE_MPI_BW),
                new SyntheticPingPong.Piece(128000, 3 * FE_MPI_LAT, FE_MPI_BW));
        l.add(new Spec("astrolab-lam-fe.csv", "Astrolab: 16 x PII-300, switched Fast Ethernet, LAM 6.x (client-to-client assumed [I])",
                lam, ne, List.of(FE_MPI_LAT_SRC, FE_MPI_BW_SRC, LAM_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("astrolab-mpich-fe.csv", "Astrolab: 16 x PII-300, switched Fast Ethernet, MPICH ch_p4",
                mpich, ne, List.of(FE_MPI_LAT_SRC, FE_MPI_BW_SRC, MPICH_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("roadrunner-mpich-fe.csv", "Roadrunner: 64 x dual PII-450, Fast Ethernet, MPICH ch_p4 (same NIC class as Astrolab [I])",
                mpich, ne, List.of(FE_MPI_LAT_SRC, FE_MPI_BW_SRC, MPICH_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("roadrunner-gm-myrinet.csv", "Roadrunner: 64 x dual PII-450, Myrinet, MPICH-GM",
                List.of(new SyntheticPingPong.Piece(0, 11e-6, 104e6), new SyntheticPingPong.Piece(16288, 33e-6, 104e6)), ne,
                List.of(MYRI_SRC, GM_SWITCH_SRC, HANDSHAKE,
                        "Myricom M2L-PCI64A page: 32-bit/33 MHz PCI limit 132 MB/s [M]: 104 MB/s is below it")));
        // The Linpack study's own closing note: GbE (MELCO-32) had about 1.7x the 3Com's bandwidth.
        String gbeRatio = "seed 002 (GbE cluster Linpack, matsu 2003-08-16), summary: MELCO-32 had about 1.7x the bandwidth of 3COM in communication tests [M]";
        String fe3com = "3Com 3C905CX on Fast Ethernet: taken equal to the FE MPI figures above [I] (netperf 3c90x 94.10 Mbit/s TCP, Siegert SFU nic-test [M], is the TCP ceiling)";
        List<SyntheticPingPong.Piece> gbeLam = List.of(new SyntheticPingPong.Piece(0, FE_MPI_LAT, 1.7 * FE_MPI_BW),
                new SyntheticPingPong.Piece(65536, 3 * FE_MPI_LAT, 1.7 * FE_MPI_BW));
        List<SyntheticPingPong.Piece> gbeMpich = List.of(new SyntheticPingPong.Piece(0, FE_MPI_LAT, 1.7 * FE_MPI_BW),
                new SyntheticPingPong.Piece(128000, 3 * FE_MPI_LAT, 1.7 * FE_MPI_BW));
        String gbeLat = "GbE latency: Ames Lab GigE MPI latency \"110-130\" [M, unit read as us [I]], midpoint 120 us, the same as FE [I]";
        l.add(new Spec("gbe-3com-lam.csv", "Linpack-study cluster: 4 nodes x 2 CPUs, 3Com 3C905CX-TX-M 100 Mb/s, LAM 6.5.9",
                lam, ne, List.of(fe3com, FE_MPI_LAT_SRC, FE_MPI_BW_SRC, LAM_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("gbe-3com-mpich.csv", "Linpack-study cluster: 4 nodes x 2 CPUs, 3Com 3C905CX-TX-M 100 Mb/s, MPICH 1.2.5",
                mpich, ne, List.of(fe3com, FE_MPI_LAT_SRC, FE_MPI_BW_SRC, MPICH_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("gbe-melco-lam.csv", "Linpack-study cluster: 4 nodes x 2 CPUs, Melco LCI-G1000T32 GbE on 32-bit PCI, LAM 6.5.9",
                gbeLam, ne, List.of(gbeRatio, "bandwidth = 1.7 x the 3Com figure (11.25e6 B/s) = 19.125e6 B/s", gbeLat, LAM_SWITCH_SRC, HANDSHAKE)));
        l.add(new Spec("gbe-melco-mpich.csv", "Linpack-study cluster: 4 nodes x 2 CPUs, Melco LCI-G1000T32 GbE on 32-bit PCI, MPICH 1.2.5",
                gbeMpich, ne, List.of(gbeRatio, "bandwidth = 1.7 x the 3Com figure (11.25e6 B/s) = 19.125e6 B/s", gbeLat, MPICH_SWITCH_SRC, HANDSHAKE)));
        // T3E: sizes not a multiple of 8 B are much slower on the T3E (MP_Lite page), so only multiples of 8 are sampled.
        l.add(new Spec("t3e-cray-mpi.csv", "Cray T3E, Cray MPI",
                List.of(new SyntheticPingPong.Piece(0, 5e-6, 0.875 * 340e6)), multiplesOf8(4L << 20),
                List.of("Ames MP_Lite T3E page: SHMEM 340 MB/s; current Cray MPI 85-90% of SHMEM bandwidth with about 5 us latency [M]; 87.5% = 297.5e6 B/s [I]",
                        "protocol switch of Cray MPI: not found [NF]; one protocol assumed [I]",
                        "sizes are multiples of 8 B: the same page says other sizes are much slower [M]")));
        return l;
    }

    static long[] probeSizes(long max, long... extra) {
        TreeSet<Long> s = new TreeSet<>();
        for (long p = 1; p <= max; p *= 2) {
            s.add(p);
            if (p >= 2 && 2 * p <= max) {
                s.add(p + p / 2);
            }
        }
        for (long e : extra) {
            s.add(e);
        }
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    static long[] multiplesOf8(long max) {
        TreeSet<Long> s = new TreeSet<>();
        for (long p = 8; p <= max; p *= 2) {
            s.add(p);
            if (p >= 16 && p + p / 2 <= max) {
                s.add(p + p / 2);
            }
        }
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    static PingPongTrace trace(Spec spec) {
        Provenance p = new Provenance()
                .put("kind", "pingpong")
                .put("source", "published figures (notes/published-network-figures.md), modelled: not a measurement")
                .put("system", spec.system())
                .put("method", "piecewise model time = latency + size/bandwidth per protocol range, sampled at the probe's sizes (powers of two, 1.5x points) plus each switch point and 64 B above it, no noise")
                .put("generator", "io.scalecast.calibrate.PublishedTraces (platforms/build.sh)");
        int i = 1;
        for (String f : spec.figures()) {
            p.put("figure." + i++, f);
        }
        int k = 1;
        for (SyntheticPingPong.Piece piece : spec.pieces()) {
            p.put("model." + k++, String.format(java.util.Locale.ROOT, "above %d B: latency %.6g s, bandwidth %.6g B/s",
                    piece.aboveBytes(), piece.latencySeconds(), piece.bandwidthBytesPerSecond()));
        }
        p.put("rule", "application results (HPL Gflops, PKDGRAV rates) are not used here");
        List<PingPongPoint> pts = new ArrayList<>();
        for (long s : spec.sizes()) {
            pts.add(new PingPongPoint(s, SyntheticPingPong.time(spec.pieces(), s), Double.NaN, Double.NaN, Double.NaN, 0,
                    Double.NaN, "published-model"));
        }
        return new PingPongTrace(p, pts);
    }

    /** Writes every trace into {@code dir}; returns the files written. */
    public static List<Path> writeAll(Path dir) {
        List<Path> out = new ArrayList<>();
        for (Spec s : specs()) {
            Path f = dir.resolve(s.file());
            trace(s).write(f);
            out.add(f);
        }
        return out;
    }
}
