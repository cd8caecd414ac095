package io.scalecast.whatif;

import io.scalecast.util.Home;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The what-if catalogue: {@code platforms/catalogue/net-*.json} (interconnects, {@link NetworkEntry}) and
 * {@code node-*.json} (server nodes, {@link NodeEntry}), one published system per file with its sources. Read once
 * per command; entries are kept by name in name order.
 *
 * @param networks interconnects by name
 * @param nodes    node types by name
 */
public record Catalogue(Map<String, NetworkEntry> networks, Map<String, NodeEntry> nodes) {

    /** The catalogue folder under the scalecast home. */
    public static Path dir() {
        return Home.dir().resolve("platforms").resolve("catalogue");
    }

    public static Catalogue load() {
        return load(dir());
    }

    public static Catalogue load(Path dir) {
        Map<String, NetworkEntry> nets = new TreeMap<>();
        Map<String, NodeEntry> nodes = new TreeMap<>();
        for (Path f : files(dir)) {
            String name = f.getFileName().toString();
            String text = read(f);
            try {
                if (name.startsWith("net-")) {
                    NetworkEntry e = Json.gson().fromJson(text, NetworkEntry.Json.class).toEntry(f.toString());
                    nets.put(e.name(), e);
                } else if (name.startsWith("node-")) {
                    NodeEntry e = Json.gson().fromJson(text, NodeEntry.Json.class).toEntry(f.toString());
                    nodes.put(e.name(), e);
                }
            } catch (com.google.gson.JsonParseException e) {
                throw Json.badJson(f.toString(), e);
            }
        }
        return new Catalogue(nets, nodes);
    }

    /** The named interconnect, usable (it has the figures a calibration needs), or a bad input naming the choices. */
    public NetworkEntry network(String name) {
        NetworkEntry e = networks.get(name);
        if (e == null) {
            throw ScalecastException.badInput("unknown network \"" + name + "\": expected one of " + String.join(", ", usableNetworks())
                    + " (platforms/catalogue/net-*.json) or file:PLATFORM.xml");
        }
        if (!e.usable()) {
            throw ScalecastException.badInput("network \"" + name + "\" (" + e.file() + ") has no usable published figures: "
                    + String.join("; ", e.notes()));
        }
        return e;
    }

    /** The named node type, or a bad input naming the choices. */
    public NodeEntry node(String name) {
        NodeEntry e = nodes.get(name);
        if (e == null) {
            throw ScalecastException.badInput("unknown node type \"" + name + "\": expected one of " + String.join(", ", nodes.keySet())
                    + ", this (the committed measure dgemm trace) or file:PLATFORM.xml");
        }
        return e;
    }

    /** Names of the interconnects that can be calibrated. */
    public List<String> usableNetworks() {
        List<String> out = new ArrayList<>();
        networks.forEach((k, v) -> {
            if (v.usable()) {
                out.add(k);
            }
        });
        return out;
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.failure("the what-if catalogue " + dir + " is missing (a scalecast checkout has it)", null);
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot read " + f + ": " + e.getMessage(), e);
        }
    }
}
