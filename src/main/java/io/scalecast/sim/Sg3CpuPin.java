package io.scalecast.sim;

import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.MemorySegment;
import jdk.incubator.foreign.ResourceScope;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * Keeps the simulation's threads (SimGrid's maestro and every MSG process) on one CPU. SimGrid runs one of
 * them at a time and hands over through OS semaphores at every simcall; on one CPU a hand-over is a switch on
 * that CPU instead of a wake-up of a thread elsewhere, which is most of the wall time of a simulated message
 * (docs/simulated-mpi.md, "Cost of a message"). The JVM's own threads (JIT, GC) stay free. The CPU is the one the
 * child's main thread runs on when the simulation starts; {@code SCALECAST_SIM_PIN=0} turns it off. Simulated
 * results do not depend on it: SimGrid decides who runs, the OS only how fast the hand-over is.
 */
final class Sg3CpuPin {
    private static final boolean ON = !"0".equals(System.getenv("SCALECAST_SIM_PIN"));
    private static int cpu = -1;
    private static MethodHandle setAffinity;

    private Sg3CpuPin() {
    }

    /** Chooses the CPU (the calling thread's current one) and pins the calling thread to it; call before Msg.run. */
    static synchronized void choose() {
        if (!ON) {
            return;
        }
        try {
            CLinker c = CLinker.getInstance();
            MethodHandle getCpu = c.downcallHandle(CLinker.systemLookup().lookup("sched_getcpu").orElseThrow(),
                    MethodType.methodType(int.class), FunctionDescriptor.of(CLinker.C_INT));
            setAffinity = c.downcallHandle(CLinker.systemLookup().lookup("sched_setaffinity").orElseThrow(),
                    MethodType.methodType(int.class, int.class, long.class, MemoryAddress.class),
                    FunctionDescriptor.of(CLinker.C_INT, CLinker.C_INT, CLinker.C_LONG, CLinker.C_POINTER));
            int now = (int) getCpu.invokeExact();
            cpu = now;
        } catch (Throwable t) {
            cpu = -1; // no pinning where libc lacks these (the simulation is the same, only slower)
        }
        here();
    }

    /** Pins the calling thread to the chosen CPU (nothing when none was chosen). */
    static void here() {
        if (cpu < 0 || cpu >= 1024) {
            return;
        }
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment mask = MemorySegment.allocateNative(128, scope); // cpu_set_t: 1024 bits, zeroed
            mask.asSlice(cpu / 8, 1).asByteBuffer().put(0, (byte) (1 << (cpu % 8)));
            int rc = (int) setAffinity.invokeExact(0, 128L, mask.address());
            if (rc != 0) {
                cpu = -1;
            }
        } catch (Throwable t) {
            cpu = -1;
        }
    }
}
