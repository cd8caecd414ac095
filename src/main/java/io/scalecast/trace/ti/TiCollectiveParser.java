package io.scalecast.trace.ti;

import io.scalecast.trace.ti.TiAction.Kind;

/**
 * The collectives' argument lists, as SimGrid 3.32's {@code BcastArgParser}, {@code ReduceArgParser}, … read them
 * ({@code P} = ranks in the trace; {@code [x]} optional; dt = datatype id):
 * <pre>
 *   bcast size [root [dt]]                 reduce count comp [root [dt]]      allreduce count comp [dt]
 *   alltoall send recv [dt dt]             alltoallv sbuf send[P] rbuf recv[P] [dt dt]
 *   gather send recv [root [dt dt]]        allgather send recv [dt dt]        scatter send recv [root [dt dt]]
 *   gatherv send recv[P] [root [dt dt]]    allgatherv send recv[P] [dt dt] [disp[P]]
 *   scatterv send[P] recv [root [dt dt]]   reducescatter recv[P] comp [dt]    scan|exscan count comp [dt]
 * </pre>
 * {@code comp} is the reduction's computation in flops; counts are per rank, in units of the datatype.
 */
final class TiCollectiveParser {
    private TiCollectiveParser() {
    }

    static TiAction parse(Kind k, TiParser.Cursor c) {
        int ln = c.line;
        switch (k) {
            case BCAST: {
                long n = c.count("a count");
                int root = c.more() ? c.rankOf("the root") : 0;
                return new TiAction(k, ln, 0, 0, 0, n * c.type(), 0, root, 0, null, null);
            }
            case REDUCE: {
                long n = c.count("a count");
                double comp = c.nonNegative("the reduction's flops");
                int root = c.more() ? c.rankOf("the root") : 0;
                return new TiAction(k, ln, 0, 0, 0, n * c.type(), 0, root, comp, null, null);
            }
            case ALLREDUCE: case SCAN: case EXSCAN: {
                long n = c.count("a count");
                double comp = c.nonNegative("the reduction's flops");
                return new TiAction(k, ln, 0, 0, 0, n * c.type(), 0, 0, comp, null, null);
            }
            case ALLTOALL: case ALLGATHER: {
                long s = c.count("a send count");
                long r = c.count("a receive count");
                return new TiAction(k, ln, 0, 0, 0, s * c.type(), r * c.type(), 0, 0, null, null);
            }
            case GATHER: case SCATTER: {
                long s = c.count("a send count");
                long r = c.count("a receive count");
                int root = c.more() ? c.rankOf("the root") : 0;
                return new TiAction(k, ln, 0, 0, 0, s * c.type(), r * c.type(), root, 0, null, null);
            }
            case ALLTOALLV:
                return alltoallv(c);
            case GATHERV: case ALLGATHERV:
                return gatherv(k, c);
            case SCATTERV: {
                long[] send = c.counts("send counts");
                long r = c.count("a receive count");
                int root = c.more() ? c.rankOf("the root") : 0;
                long unit = c.type();
                return new TiAction(k, ln, 0, 0, 0, 0, r * c.type(), root, 0, TiParser.scale(send, unit), null);
            }
            case REDUCESCATTER: {
                long[] recv = c.counts("receive counts");
                double comp = c.nonNegative("the reduction's flops");
                return new TiAction(k, ln, 0, 0, 0, 0, 0, 0, comp, null, TiParser.scale(recv, c.type()));
            }
            default:
                throw new IllegalStateException("not a collective: " + k);
        }
    }

    private static TiAction alltoallv(TiParser.Cursor c) {
        c.count("the send buffer's count");
        long[] send = c.counts("send counts");
        c.count("the receive buffer's count");
        long[] recv = c.counts("receive counts");
        long su = c.type();
        long ru = c.type();
        return new TiAction(Kind.ALLTOALLV, c.line, 0, 0, 0, 0, 0, 0, 0, TiParser.scale(send, su), TiParser.scale(recv, ru));
    }

    private static TiAction gatherv(Kind k, TiParser.Cursor c) {
        long s = c.count("a send count");
        long[] recv = c.counts("receive counts");
        int root = k == Kind.GATHERV && c.more() ? c.rankOf("the root") : 0;
        int rest = c.tokens.length - c.i;
        long su;
        long ru;
        if (k == Kind.ALLGATHERV && rest <= c.size() && rest > 2) {
            // SMPI: displacements without datatypes
            su = c.defaultUnit();
            ru = su;
        } else {
            su = c.type();
            ru = c.type();
        }
        if (k == Kind.ALLGATHERV && c.more()) {
            c.counts("displacements");
        }
        return new TiAction(k, c.line, 0, 0, 0, s * su, 0, root, 0, null, TiParser.scale(recv, ru));
    }
}
