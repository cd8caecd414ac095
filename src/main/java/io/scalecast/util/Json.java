package io.scalecast.util;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** The one JSON configuration: stable field order, pretty printed, NaN allowed, no HTML escaping. */
public final class Json {
    private static final Gson GSON = new GsonBuilder()
            .setPrettyPrinting()
            .disableHtmlEscaping()
            .serializeSpecialFloatingPointValues()
            .create();

    private Json() {
    }

    public static Gson gson() {
        return GSON;
    }
}
