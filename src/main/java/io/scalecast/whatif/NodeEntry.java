package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One server node of the catalogue ({@code platforms/catalogue/node-NAME.json}): cores per node and the per-core
 * compute rate a published HPL run implies ({@code Rmax / cores}: HPL's own efficiency is inside it, so a predicted HPL
 * run on such nodes starts from what HPL reached there), with power per node where one is published.
 *
 * @param name               name on the command line ({@code --vary node-type=NAME})
 * @param file               the catalogue file
 * @param title              the CPU and the system measured
 * @param cores              cores per node
 * @param flopsPerCore       per-core rate (flop/s) the simulated node computes at
 * @param rateKind           what the rate is (e.g. "HPL Rmax / cores")
 * @param powerWatts         power per node (W), NaN when none is published
 * @param sources            one line per figure, with its document
 * @param notes              inferences and what was not found
 */
public record NodeEntry(String name, String file, String title, int cores, double flopsPerCore, String rateKind,
                        double powerWatts, List<String> sources, List<String> notes) {

    public NodeEntry {
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
    }

    public String describe() {
        return title + ": " + cores + " cores x " + io.scalecast.util.Units.si(flopsPerCore, "flop/s") + " (" + rateKind + "); "
                + String.join("; ", sources);
    }

    /** The JSON form of a node file. */
    static final class Json {
        String kind;
        String name;
        String title;
        Integer cores;
        Double flops_per_core;
        String rate_kind;
        Double power_w;
        List<Map<String, String>> sources;
        List<String> notes;

        NodeEntry toEntry(String file) {
            if (name == null || title == null || cores == null || cores < 1 || flops_per_core == null || !(flops_per_core > 0)
                    || rate_kind == null || sources == null || sources.isEmpty()) {
                throw ScalecastException.badInput(file + ": a node entry needs name, title, cores >= 1, flops_per_core > 0, rate_kind "
                        + "and its sources");
            }
            List<String> src = new ArrayList<>();
            for (Map<String, String> s : sources) {
                src.add("[" + s.get("tag") + "] " + s.get("figure") + " (" + s.get("document") + (s.get("url") == null ? "" : ", " + s.get("url")) + ")");
            }
            return new NodeEntry(name, file, title, cores, flops_per_core, rate_kind, power_w == null ? Double.NaN : power_w, src,
                    notes == null ? List.of() : notes);
        }
    }
}
