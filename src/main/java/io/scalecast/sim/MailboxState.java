package io.scalecast.sim;

/**
 * What {@link MsgWorld} knows about one message's mailbox before both sides have posted: whichever
 * side came first leaves one of these, and the second side removes it.
 */
sealed interface MailboxState permits MailboxState.Mark, MailboxState.Posted, MailboxState.Pending {
    /** A side that came first and needs nothing more recorded. */
    enum Mark implements MailboxState {
        /** The receiver posted its own receive first. */
        CLAIMED,
        /** An eager message was sent to the receiver's permanent mailbox ({@link EagerDelivery#target}). */
        EAGER,
        /** The same while its sender's SimGrid call has not returned: an iprobe does not see it yet. */
        EAGER_SENDING,
        /** A zero-byte eager send waits for the receiving host's postman to post the receive. */
        ANNOUNCED,
        /** A rendezvous send is posted; the transfer waits for the receiver. */
        RENDEZVOUS
    }

    /** A receive the postman posted (its handle is set once the SimGrid call returns). */
    final class Posted implements MailboxState {
        Kernel.Transfer comm;
    }

    /** A {@link Courier}'s send waiting for its receiver to match. */
    final class Pending implements MailboxState {
        boolean matched;
        final Kernel.Gate gate = Kernel.get().gate();
    }
}
