package io.scalecast.trace.ti;

/**
 * SMPI's datatype ids in TI traces (SimGrid 3.32, {@code src/smpi/mpi/smpi_datatype.cpp}: the second argument of
 * {@code CREATE_MPI_DATATYPE}) and their sizes in bytes on x86-64 (its {@code sizeof(type)}), so that a count of a
 * datatype becomes a message size once, where the trace is read.
 */
public final class TiDatatype {
    private TiDatatype() {
    }

    /** MPI_DOUBLE: the default datatype of a trace whose {@code init} line has an argument (MPE's convention). */
    public static final int DOUBLE = 0;
    /** MPI_BYTE: the default datatype otherwise (TAU's convention; SMPI's {@code InitAction}). */
    public static final int BYTE = 6;

    /** Size in bytes of datatype id i (0 for MPI_UB / MPI_LB, which carry no data). */
    private static final int[] SIZE = {
        8, 4, 1, 2, 8, 4, 1, 8, 1, 1,        // DOUBLE INT CHAR SHORT LONG FLOAT BYTE LONG_LONG SIGNED_CHAR UNSIGNED_CHAR
        2, 4, 8, 8, 16, 4, 1, 1, 2, 4,       // UNSIGNED_SHORT UNSIGNED UNSIGNED_LONG ULL LONG_DOUBLE WCHAR C_BOOL INT8..INT32
        8, 1, 2, 4, 8, 8, 16, 32, 8, 8,      // INT64 UINT8..UINT64 C_FLOAT_COMPLEX C_DOUBLE_COMPLEX C_LD_COMPLEX AINT OFFSET
        8, 16, 16, 8, 8, 8, 16, 16, 4, 4,    // FLOAT_INT LONG_INT DOUBLE_INT SHORT_INT 2INT 2FLOAT 2DOUBLE 2LONG REAL REAL4
        8, 16, 8, 16, 16, 4, 2, 4, 8, 16,    // REAL8 REAL16 COMPLEX8 COMPLEX16 COMPLEX32 INTEGER1 INTEGER2 INTEGER4 INTEGER8 INTEGER16
        32, 1, 8, 16, 32, 0, 0, 1, 8, 8,     // LONG_DOUBLE_INT CXX_BOOL CXX_FLOAT/DOUBLE/LD_COMPLEX UB LB PACKED PTR COUNT
    };

    /** Size in bytes of the datatype {@code id}, or −1 when SimGrid 3.32 has no predefined datatype of that id. */
    public static int sizeBytes(int id) {
        return id >= 0 && id < SIZE.length ? SIZE[id] : -1;
    }

    /** Largest predefined id. */
    public static int maxId() {
        return SIZE.length - 1;
    }
}
