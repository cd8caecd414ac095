package io.scalecast.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A titled table of typed cells (strings and numbers), written by a {@link TableFormat}.
 * Rows keep insertion order: callers add them in their declared order.
 */
public final class Table {
    private final String title;
    private final List<Column> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    public Table(String title, List<Column> columns) {
        this.title = title;
        this.columns = List.copyOf(columns);
    }

    public Table add(Object... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table " + title + " has " + columns.size() + " columns");
        }
        rows.add(java.util.Arrays.asList(cells.clone()));
        return this;
    }

    /** The same columns and rows under another title. */
    public Table retitled(String newTitle) {
        Table t = new Table(newTitle, columns);
        t.rows.addAll(rows);
        return t;
    }

    public String title() {
        return title;
    }

    public List<Column> columns() {
        return columns;
    }

    public List<List<Object>> rows() {
        return rows;
    }
}
