package io.scalecast.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The four table formats on one small table: humans get rounding and percentages, machines full precision. */
class TableFormatTest {
    private static Table table() {
        return new Table("t", List.of(Column.text("case"), Column.number("predicted"), Column.percent("signed_rel_error"),
                Column.share("tolerance"))).add("a,b", 1.0 / 3, -0.0425, 0.1).add("c", Double.NaN, 0.5, 0.1);
    }

    @Test
    void csvIsFullPrecisionAndQuoted() {
        assertEquals("case,predicted,signed_rel_error,tolerance\n\"a,b\",0.3333333333333333,-0.0425,0.1\nc,,0.5,0.1\n",
                TableFormat.CSV.render(table()));
    }

    @Test
    void textAndMarkdownAreForPeople() {
        assertEquals("case  predicted  signed_rel_error  tolerance\n"
                + "a,b      0.3333             -4.3%      10.0%\n"
                + "c                          +50.0%      10.0%\n", TableFormat.TEXT.render(table()));
        assertEquals("| case | predicted | signed_rel_error | tolerance |\n|---|---:|---:|---:|\n"
                + "| a,b | 0.3333 | -4.3% | 10.0% |\n| c |  | +50.0% | 10.0% |\n", TableFormat.MARKDOWN.render(table()));
    }

    @Test
    void jsonHasNullsForMissingNumbers() {
        String j = TableFormat.JSON.render(table());
        assertEquals(true, j.contains("\"predicted\": null"));
        assertEquals(true, j.contains("\"signed_rel_error\": -0.0425"));
    }
}
