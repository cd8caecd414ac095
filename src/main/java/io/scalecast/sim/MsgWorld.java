package io.scalecast.sim;

import org.simgrid.msg.Host;
import org.simgrid.msg.HostNotFoundException;
import org.simgrid.msg.Msg;
import org.simgrid.msg.MsgException;
import org.simgrid.msg.Process;

import java.util.Map;

/**
 * The simulated MPI world on SimGrid MSG: places ranks on hosts, starts one MSG process per
 * rank, runs the engine, and collects the skeleton's result. Lives in the child JVM only.
 */
final class MsgWorld {
    private final SimJob job;
    private final int ranks;
    private final Skeleton skeleton;
    private final int[] hostOfRank;
    private final MpiConfig config;
    private Throwable firstFailure;
    private long messages;

    MsgWorld(SimJob job, int ranks, Skeleton skeleton) {
        this.job = job;
        this.ranks = ranks;
        this.skeleton = skeleton;
        this.config = MpiConfig.fromProperties(job.params());
        this.hostOfRank = Placement.place(ranks, job.hosts().size(), job.params());
    }

    SimResult run(String[] init) throws Exception {
        Msg.init(init);
        Msg.createEnvironment(job.platform());
        Host[] hosts = new Host[job.hosts().size()];
        for (int i = 0; i < hosts.length; i++) {
            try {
                hosts[i] = Host.getByName(job.hosts().get(i));
            } catch (HostNotFoundException e) {
                throw new IllegalArgumentException("host \"" + job.hosts().get(i) + "\" is not in platform " + job.platform());
            }
        }
        int[] world = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            world[r] = r;
        }
        for (int r = 0; r < ranks; r++) {
            new RankProcess(hosts[hostOfRank[r]], "rank" + r, new MsgComm(this, 0, world, r)).start();
        }
        Msg.run();
        if (firstFailure != null) {
            throw new IllegalStateException("rank failed: " + firstFailure, firstFailure);
        }
        SimResult result = skeleton.result(Msg.getClock());
        result.simulatedSeconds(Msg.getClock());
        result.messages(messages);
        return result;
    }

    int hostOfWorldRank(int worldRank) {
        return hostOfRank[worldRank];
    }

    MpiConfig config() {
        return config;
    }

    Map<String, String> params() {
        return job.params();
    }

    void countMessage() {
        messages++;
    }

    private void fail(Throwable t) {
        if (firstFailure == null) {
            firstFailure = t;
        }
    }

    /** One MPI rank as an MSG process. */
    private final class RankProcess extends Process {
        private final MsgComm comm;

        RankProcess(Host host, String name, MsgComm comm) {
            super(host, name, new String[0]);
            this.comm = comm;
        }

        @Override
        public void main(String[] args) throws MsgException {
            try {
                skeleton.rank(comm);
            } catch (Exception | Error e) {
                fail(e);
                Process.killAll();
            }
        }
    }
}
