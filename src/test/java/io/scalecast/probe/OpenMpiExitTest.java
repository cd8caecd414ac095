package io.scalecast.probe;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one line a failed launch reports when mpirun says how a rank ended. The three stderr files are Open MPI 4.1.4's
 * own (Debian 12), from 2-rank programs where rank 1 calls {@code exit(0)} after {@code MPI_Init}, raises SIGKILL, or
 * returns 3 after {@code MPI_Finalize}. Before, the first was reported as its help text's
 * "orte_create_session_dirs is set to false. In this case, the run-time cannot" (a fresh-clone CI run's
 * PollInWalkTest failure), the others as "Primary job terminated normally, but 1 process returned".
 */
class OpenMpiExitTest {
    private static String stderr(String name) throws Exception {
        return Files.readString(Path.of("src/test/resources/openmpi-exit", name));
    }

    @Test
    void aRankThatExitsWithoutFinalizeIsNamed() throws Exception {
        assertEquals("rank 1 on node vm exited without calling MPI_Finalize (mpirun: \"exiting improperly\")",
                ProbeRunner.tellingLine(stderr("improper.txt"), ""));
    }

    @Test
    void aRankKilledByASignalIsNamed() throws Exception {
        assertEquals("rank 1 on node vm was killed by signal 9 (Killed)", ProbeRunner.tellingLine(stderr("killed.txt"), ""));
    }

    @Test
    void aRanksExitCodeIsNamed() throws Exception {
        assertEquals("rank 1 exited with code 3", ProbeRunner.tellingLine(stderr("nonzero.txt"), ""));
    }

    @Test
    void aProbesOwnErrorLineStillComesFirst() throws Exception {
        assertEquals("sc_treecode: error: too few particles for this many ranks",
                ProbeRunner.tellingLine("sc_treecode: error: too few particles for this many ranks\n" + stderr("nonzero.txt"), ""));
    }
}
