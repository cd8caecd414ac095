package io.scalecast.sim;

/**
 * The body of an actor that moves one rendezvous message for its sender
 * ({@link MsgWorld#courierRendezvous}): it waits until the receiver has matched, releases a
 * detached sender then, waits for the pair's {@link Line} when rendezvous is serialized, sends
 * the head, and, for a message with a buffered tail, releases the sender and sends the tail,
 * which flows at once as eager data does ({@link EagerDelivery}).
 */
final class Courier implements Runnable {
    private final MsgWorld world;
    /** Releases the sender when the receiver has matched, before any data moves (a detached send). */
    private final boolean releaseAtMatch;
    /** The head's MPI bytes and its bytes on the wire ({@link MsgWorld#wireBytes}). */
    private final long headBytes;
    private final long headWire;
    /** Bytes the tail carries on the wire (MsgWorld sizes it so head + tail take the whole message's time). */
    private final long tailBytes;
    private final String mailbox;
    private final int dstWorld;
    private final MailboxState.Pending pending;
    private final Line line;
    private final int direction;
    private final MsgRequest.Delivery delivery;
    private boolean released;

    /**
     * @param line      the pair's line under serialized rendezvous, else null
     * @param direction +1 or −1, which way the data goes on the line
     */
    Courier(MsgWorld world, boolean releaseAtMatch, long headBytes, long headWire, long tailBytes, String mailbox,
            int dstWorld, MailboxState.Pending pending, Line line, int direction, MsgRequest.Delivery delivery) {
        this.world = world;
        this.releaseAtMatch = releaseAtMatch;
        this.headBytes = headBytes;
        this.headWire = headWire;
        this.tailBytes = tailBytes;
        this.mailbox = mailbox;
        this.dstWorld = dstWorld;
        this.pending = pending;
        this.line = line;
        this.direction = direction;
        this.delivery = delivery;
    }

    /** Lets the sender go on; only the first call counts. */
    private void releaseSender() {
        if (!released) {
            released = true;
            delivery.complete();
        }
    }

    @Override
    public void run() {
        Kernel kernel = world.kernel();
        kernel.pinHere();
        if (!pending.matched) {
            SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
            pending.gate.acquire();
        }
        if (releaseAtMatch) {
            releaseSender();
        }
        if (line != null) {
            line.acquire(direction);
        }
        try {
            SimCounters.add(SimCounters.Kind.SEND);
            kernel.send(mailbox, headBytes, headWire);
            if (tailBytes > 0) {
                releaseSender();
                String tm = MsgWorld.tailMailbox(mailbox);
                EagerDelivery eager = world.eager();
                if (tailBytes <= 0) {
                    eager.sent(tm, dstWorld, tailBytes); // the postman's receive, posted before the send as ever
                }
                SimCounters.add(SimCounters.Kind.SEND);
                kernel.send(eager.target(tm, dstWorld, tailBytes, true), tailBytes, tailBytes);
            }
        } catch (RuntimeException e) {
            SimChild.die(e);
            return;
        }
        if (line != null) {
            line.release(direction);
        }
        releaseSender();
    }
}
