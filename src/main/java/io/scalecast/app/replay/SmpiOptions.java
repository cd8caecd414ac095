package io.scalecast.app.replay;

import io.scalecast.sim.MpiConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * scalecast's simulated-MPI parameters ({@link MpiConfig}, the platform's {@code mpi.*} properties) as SimGrid 3.32
 * SMPI options, and what SMPI cannot express. The network side needs no mapping: the platform XML's {@code <config>}
 * block ({@code network/model:SMPI}, {@code smpi/lat-factor}, {@code smpi/bw-factor}) is read by both engines.
 *
 * <ul>
 * <li>Eager limit E (data flows at once, sender released after its overhead): SMPI sends a message eagerly when its
 *     size is below {@code smpi/async-small-thresh} and detaches its sender below {@code smpi/send-is-detached-thresh};
 *     both become E + 1 (SMPI compares with {@code <}).</li>
 * <li>Send / receive overheads o_s + s·o_s', o_r + s·o_r', o_is: {@code smpi/os}, {@code smpi/or}, {@code smpi/ois}
 *     ({@code 0:intercept:per-byte}). SMPI charges {@code smpi/os} only to detached (eager) blocking sends, not to
 *     rendezvous ones; scalecast charges every send.</li>
 * <li>Collectives: the algorithms scalecast uses ({@link #COLLECTIVES}).</li>
 * <li>{@code MPI_Test} costs nothing in scalecast: {@code smpi/test:0} (SMPI's default sleeps 0.1 ms per test).</li>
 * </ul>
 *
 * @param cfg           {@code key:value} options for {@code smpirun --cfg=}
 * @param notExpressed  what scalecast's layer does that these options cannot make SMPI do
 */
public record SmpiOptions(List<String> cfg, List<String> notExpressed) {

    /**
     * SMPI's collective algorithms that are scalecast's ({@code sim/Collectives}): dissemination barrier (ompi_bruck),
     * MPICH's binomial broadcast, binomial reduce, recursive-doubling allreduce, linear alltoall(v), gather and scatter,
     * ring allgather(v).
     */
    static final List<String> COLLECTIVES = List.of("smpi/barrier:ompi_bruck", "smpi/bcast:binomial_tree",
            "smpi/reduce:binomial", "smpi/allreduce:rdb", "smpi/alltoall:basic_linear", "smpi/alltoallv:ompi_basic_linear",
            "smpi/gather:ompi_basic_linear", "smpi/scatter:ompi_basic_linear", "smpi/allgather:ring",
            "smpi/allgatherv:ring");

    /** {@link #of(MpiConfig)} for a platform's {@code mpi.*} properties, with what SMPI cannot do of those MpiConfig does not hold. */
    public static SmpiOptions of(java.util.Map<String, String> mpiProperties) {
        MpiConfig c = MpiConfig.fromProperties(mpiProperties);
        SmpiOptions o = of(c);
        List<String> not = new ArrayList<>(o.notExpressed());
        if (mpiProperties.containsKey(io.scalecast.sim.LoopbackTime.TIME)) {
            not.add(io.scalecast.sim.LoopbackTime.TIME + ": SMPI prices ranks of one host on the loopback link under the"
                    + " inter-node size factors, not at the intra-node ping-pong's own time");
        }
        if (mpiProperties.containsKey(MpiConfig.BURST_BUCKET)) {
            not.add(MpiConfig.BURST_BUCKET + ": SMPI gives every message its size factor, however many follow it (no token bucket)");
        }
        if (mpiProperties.containsKey(MpiConfig.FIRST_EXCHANGE_IDLE)) {
            not.add(MpiConfig.FIRST_EXCHANGE_IDLE + ": SMPI has no turns to take back to back");
        }
        if (io.scalecast.sim.ProbeVisibility.afterProgress(mpiProperties)) {
            not.add(io.scalecast.sim.ProbeVisibility.KEY + " " + io.scalecast.sim.ProbeVisibility.PROGRESSED + ": SMPI's MPI_Iprobe sees a message as soon as it is there,"
                    + " not at the probe after one that progressed");
        }
        List<String> cfg = new ArrayList<>(o.cfg());
        io.scalecast.sim.NetworkCpu net = io.scalecast.sim.NetworkCpu.of(mpiProperties);
        if (!net.recvSteps().isEmpty()) {
            List<String> steps = new ArrayList<>();
            for (var step : net.recvSteps()) {
                steps.add(factor(step.sizeBytes(), c.recvOverheadSeconds() + step.factor(), c.recvOverheadPerByteSeconds()));
            }
            String or = "smpi/or:" + String.join(";", steps);
            cfg.replaceAll(x -> x.startsWith("smpi/or:") ? or : x);
            not.add(io.scalecast.sim.NetworkCpu.RECV + ": SMPI charges the receive steps (smpi/or) to ranks of one host too");
        }
        if (net.sendTailSeconds() > 0) {
            not.add(io.scalecast.sim.NetworkCpu.SEND_TAIL + " " + net.sendTailSeconds() + ": SMPI has no sender CPU after an eager"
                    + " message left");
        }
        return new SmpiOptions(List.copyOf(cfg), List.copyOf(not));
    }

    public static SmpiOptions of(MpiConfig c) {
        List<String> cfg = new ArrayList<>();
        List<String> not = new ArrayList<>();
        long thresh = c.eagerThresholdBytes() + 1;
        cfg.add("smpi/async-small-thresh:" + thresh);
        cfg.add("smpi/send-is-detached-thresh:" + thresh);
        cfg.add("smpi/os:" + factor(c.sendOverheadSeconds(), c.sendOverheadPerByteSeconds()));
        cfg.add("smpi/ois:" + factor(c.isendOverheadSeconds(), c.sendOverheadPerByteSeconds()));
        cfg.add("smpi/or:" + factor(c.recvOverheadSeconds(), c.recvOverheadPerByteSeconds()));
        cfg.add("smpi/test:0");
        if (c.sendOverheadSeconds() > 0 || c.sendOverheadPerByteSeconds() > 0) {
            not.add("send overhead on rendezvous MPI_Send (above " + c.eagerThresholdBytes()
                    + " B): SMPI charges smpi/os only to eager/detached sends");
        }
        if (c.irecvOverheadSeconds() != c.recvOverheadSeconds()) {
            not.add("mpi.irecv-overhead-s " + c.irecvOverheadSeconds() + " apart from mpi.recv-overhead-s "
                    + c.recvOverheadSeconds() + ": SMPI has one receive overhead (smpi/or)");
        }
        if (c.detachedSendMaxBytes() > c.eagerThresholdBytes()) {
            not.add("mpi.detached-send-max-bytes " + c.detachedSendMaxBytes() + ": SMPI cannot release a rendezvous "
                    + "sender at the match (its detached sends are eager)");
        }
        if (c.sendBufferBytes() > 0) {
            not.add("mpi.send-buffer-bytes " + c.sendBufferBytes() + ": SMPI cannot release a sender before its "
                    + "last bytes arrive");
        }
        if (c.serializedRendezvous()) {
            not.add("mpi.rendezvous-exchange serialized: SMPI lets both directions of a pair flow at once");
        }
        cfg.addAll(COLLECTIVES);
        not.add("reduce_scatter and scan: SMPI's own algorithms (scalecast: binomial reduce + linear scatterv; a chain)");
        return new SmpiOptions(List.copyOf(cfg), List.copyOf(not));
    }

    private static String factor(double intercept, double perByte) {
        return factor(0, intercept, perByte);
    }

    /** One {@code SIZE:INTERCEPT:PER_BYTE} step of SMPI's overhead options, holding above {@code sizeBytes}. */
    private static String factor(long sizeBytes, double intercept, double perByte) {
        return String.format(Locale.ROOT, "%d:%s:%s", sizeBytes, num(intercept), num(perByte));
    }

    private static String num(double v) {
        return v == 0 ? "0" : String.format(Locale.ROOT, "%.12g", v);
    }
}
