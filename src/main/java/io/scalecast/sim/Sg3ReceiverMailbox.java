package io.scalecast.sim;

import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.ResourceScope;
import jdk.incubator.foreign.SymbolLookup;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * SimGrid's permanent receiver ({@code sg_mailbox_set_receiver}, what SMPI uses for its small messages): a send
 * to a mailbox that has one starts flowing to the receiver's host at once, before any receive is posted, and a
 * later receive on the mailbox takes the oldest such message, finished or not. The MSG Java bindings do not
 * offer it, so it is called in libsimgrid through the JDK's foreign linker (the child JVM runs with
 * {@code --add-modules jdk.incubator.foreign --enable-native-access=ALL-UNNAMED}: {@link Kernel#jvmOptions}).
 */
final class Sg3ReceiverMailbox {
    private static MethodHandle setReceiver;

    private Sg3ReceiverMailbox() {
    }

    /** Makes the calling MSG process the permanent receiver of {@code mailbox} (one simcall). */
    static void receiveHere(String mailbox) {
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            handle().invokeExact(CLinker.toCString(mailbox, scope).address());
        } catch (Throwable t) {
            throw new IllegalStateException("cannot make " + mailbox + " a permanent receiver mailbox: " + t, t);
        }
    }

    private static synchronized MethodHandle handle() {
        if (setReceiver == null) {
            System.loadLibrary("simgrid"); // the bindings' own libsimgrid.so on java.library.path, loaded already
            MemoryAddress sym = SymbolLookup.loaderLookup().lookup("sg_mailbox_set_receiver")
                    .orElseThrow(() -> new IllegalStateException("sg_mailbox_set_receiver not found in libsimgrid"));
            setReceiver = CLinker.getInstance().downcallHandle(sym, MethodType.methodType(void.class, MemoryAddress.class),
                    FunctionDescriptor.ofVoid(CLinker.C_POINTER));
        }
        return setReceiver;
    }
}
