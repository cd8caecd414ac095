package io.scalecast.testbed;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The names and addresses a testbed uses, derived from its name, node count and subnet:
 * namespaces {@code sc-NAME-nK}, host-side veth ends {@code scv-NAME-K} (node side
 * {@link #NODE_IF} inside the namespace), bridge {@code scbr-NAME}, addresses
 * {@code 10.77.S.(K+1)/24}; with groups also group bridges {@code scg-NAME-G} and uplink veth
 * pairs {@code scu-NAME-G} (group side) / {@code scw-NAME-G} (core side). Pure: nothing here touches the system.
 *
 * @param name         testbed name (validated by {@link TestbedSpec})
 * @param nodes        number of nodes
 * @param subnetOctet  third octet S of the private /24 this testbed uses, 1..250
 */
public record TestbedLayout(String name, int nodes, int subnetOctet) {
    /** The node's interface name inside its namespace. */
    public static final String NODE_IF = "sc0";
    static final String NET_PREFIX = "10.77.";

    public TestbedLayout {
        if (subnetOctet < 1 || subnetOctet > 250) {
            throw new IllegalArgumentException("subnet octet " + subnetOctet + " outside 1..250");
        }
    }

    public String namespace(int node) {
        return "sc-" + name + "-n" + node;
    }

    public String hostVeth(int node) {
        return "scv-" + name + "-" + node;
    }

    public String bridge() {
        return "scbr-" + name;
    }

    /** Bridge of group g (its leaf switch) when the nodes are grouped; {@link #bridge()} is then the core. */
    public String groupBridge(int group) {
        return "scg-" + name + "-" + group;
    }

    /** Group g's end of its uplink, on the group's bridge. */
    public String uplinkGroupEnd(int group) {
        return "scu-" + name + "-" + group;
    }

    /** The core's end of group g's uplink, on {@link #bridge()}. */
    public String uplinkCoreEnd(int group) {
        return "scw-" + name + "-" + group;
    }

    /** Link-name prefixes a testbed {@code name} uses besides its bridge, each followed by a number. */
    static List<String> numberedLinkPrefixes(String name) {
        return List.of("scv-" + name + "-", "scg-" + name + "-", "scu-" + name + "-", "scw-" + name + "-");
    }

    public String address(int node) {
        return NET_PREFIX + subnetOctet + "." + (node + 1);
    }

    public String subnetCidr() {
        return NET_PREFIX + subnetOctet + ".0/24";
    }

    public List<String> namespaces() {
        List<String> l = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            l.add(namespace(k));
        }
        return l;
    }

    public List<String> addresses() {
        List<String> l = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            l.add(address(k));
        }
        return l;
    }

    /**
     * A subnet octet for {@code name} that no other live testbed uses: a hash of the name,
     * probing upward past the ones taken, so the same name usually gets the same subnet.
     */
    public static int allocateSubnet(String name, Collection<Integer> taken) {
        int start = Math.floorMod(name.hashCode(), 250);
        for (int i = 0; i < 250; i++) {
            int s = (start + i) % 250 + 1;
            if (!taken.contains(s)) {
                return s;
            }
        }
        throw io.scalecast.util.ScalecastException.failure("no free testbed subnet left (250 testbeds up?)");
    }
}
