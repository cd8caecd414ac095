package io.scalecast.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@link Line}s of a simulation under serialized rendezvous, one per unordered rank pair, and the transfers in
 * flight on them by mailbox, so that a receiver that has a message's data can tell its line ({@link Line#arrived}).
 */
final class Lines {
    private final int ranks;
    /** {@link MpiConfig#FIRST_EXCHANGE_IDLE}, or −1: serialized lines always take turns. */
    private final double firstExchangeIdle;
    private final Map<Long, Line> byPair = new HashMap<>();
    private final Map<String, Runnable> inFlight = new HashMap<>();

    Lines(int ranks, double firstExchangeIdle) {
        this.ranks = ranks;
        this.firstExchangeIdle = firstExchangeIdle;
    }

    /** The line between two world ranks, and the transfer of {@code mailbox} (from {@code src}) in flight on it. */
    Line carry(int src, int dst, String mailbox, MailboxState.Pending p) {
        Line line = byPair.computeIfAbsent((long) Math.min(src, dst) * ranks + Math.max(src, dst), k -> new Line(firstExchangeIdle));
        int direction = src < dst ? 1 : -1;
        inFlight.put(mailbox, () -> line.arrived(direction, p));
        return line;
    }

    /** The receiver has the data of {@code mailbox}'s message (nothing when it was not a transfer on a line). */
    void arrived(String mailbox) {
        Runnable r = inFlight.remove(mailbox);
        if (r != null) {
            r.run();
        }
    }

    /** After an untimed barrier: every idle pair's line has rested ({@link Line#rest}). */
    void rest() {
        byPair.values().forEach(Line::rest);
    }
}
