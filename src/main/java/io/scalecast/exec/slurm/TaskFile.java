package io.scalecast.exec.slurm;

import com.google.gson.JsonObject;
import io.scalecast.exec.CommandTask;
import io.scalecast.exec.SimTask;
import io.scalecast.exec.Task;
import io.scalecast.util.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A {@link Task} as a JSON file in the work directory: {@code {"type": "command"|"sim", "task": {…}}}. */
final class TaskFile {
    private TaskFile() {
    }

    static void write(Task task, Path file) throws IOException {
        JsonObject o = new JsonObject();
        o.addProperty("type", task instanceof SimTask ? "sim" : "command");
        o.add("task", Json.gson().toJsonTree(task));
        Files.writeString(file, Json.gson().toJson(o), StandardCharsets.UTF_8);
    }

    static Task read(Path file) throws IOException {
        JsonObject o = Json.gson().fromJson(Files.readString(file, StandardCharsets.UTF_8), JsonObject.class);
        String type = o.get("type").getAsString();
        return switch (type) {
            case "sim" -> Json.gson().fromJson(o.get("task"), SimTask.class);
            case "command" -> Json.gson().fromJson(o.get("task"), CommandTask.class);
            default -> throw new IOException(file + ": unknown task type \"" + type + "\"");
        };
    }
}
