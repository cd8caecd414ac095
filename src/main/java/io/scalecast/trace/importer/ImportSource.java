package io.scalecast.trace.importer;

import io.scalecast.trace.Provenance;

/**
 * The provenance every import writes: source tool and version as far as the file tells,
 * the input path and its SHA-256, and the command. No import date, so re-importing the same
 * bytes gives the same output bytes.
 */
final class ImportSource {
    private ImportSource() {
    }

    static Provenance provenance(String source, TextInput in, String command) {
        return new Provenance().put("source", source).put("input", in.name()).put("input_sha256", in.sha256())
                .put("command", command);
    }
}
