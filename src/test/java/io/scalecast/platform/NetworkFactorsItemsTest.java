package io.scalecast.platform;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one parser of SMPI's factor strings: items in written order, and the step table built from them. */
class NetworkFactorsItemsTest {
    @Test
    void itemsKeepTheirWrittenOrderAndValues() {
        assertEquals(List.of(new NetworkFactors.Item(0, 1.5), new NetworkFactors.Item(65536, 0.25), new NetworkFactors.Item(1024, 2)),
                NetworkFactors.items("0:1.5; 65536:0.25;1024 : 2"));
        assertTrue(NetworkFactors.items(null).isEmpty());
        assertTrue(NetworkFactors.items("  ").isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NetworkFactors.items("0:1;64k:2"));
        assertEquals("network factor \"64k:2\": expected SIZE:FACTOR", e.getMessage());
    }

    @Test
    void parseMergesBothStringsIntoSortedSteps() {
        NetworkFactors f = NetworkFactors.parse("1024:2;0:1", "0:1;4096:0.5");
        assertEquals(List.of(new FactorStep(0, 1, 1), new FactorStep(1024, 2, 1), new FactorStep(4096, 2, 0.5)), f.steps());
    }
}
