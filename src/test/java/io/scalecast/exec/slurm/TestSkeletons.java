package io.scalecast.exec.slurm;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Skeletons that misbehave on purpose, to test the executor's failure handling. */
final class TestSkeletons {
    private TestSkeletons() {
    }

    /** Fails the first time it runs (creates {@code marker}), succeeds afterwards. */
    public static final class FailOnce implements Skeleton {
        private Path marker;

        @Override
        public int configure(Map<String, String> params, int hostCount) {
            marker = Path.of(params.get("marker"));
            return 1;
        }

        @Override
        public void rank(Comm world) throws Exception {
            if (!Files.exists(marker)) {
                Files.writeString(marker, "failed once\n");
                throw new IllegalStateException("deliberate first-attempt failure");
            }
            world.computeSeconds(1.0);
        }

        @Override
        public SimResult result(double simulatedSeconds) {
            return new SimResult().put("ok", simulatedSeconds);
        }
    }

    /** Spends {@code wall-ms} of real time (to be interrupted mid-sweep). */
    public static final class Sleeper implements Skeleton {
        private long ms;

        @Override
        public int configure(Map<String, String> params, int hostCount) {
            ms = Long.parseLong(params.getOrDefault("wall-ms", "60000"));
            return 1;
        }

        @Override
        public void rank(Comm world) throws Exception {
            Thread.sleep(ms);
        }

        @Override
        public SimResult result(double simulatedSeconds) {
            return new SimResult();
        }
    }
}
