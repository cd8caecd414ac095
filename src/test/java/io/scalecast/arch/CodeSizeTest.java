package io.scalecast.arch;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/shared style: no Java file under src/main/java over {@value #MAX_FILE_LINES} lines, no method (or
 * constructor) over {@value #MAX_METHOD_LINES} lines. Sources are parsed with the JDK's own parser
 * ({@code com.sun.source}), so braces in strings, comments and text blocks cannot fool the count. A method's lines
 * run from its first modifier or annotation (javadoc excluded) to its closing brace; methods of nested, local and
 * anonymous classes count on their own and inside the method that holds them.
 */
class CodeSizeTest {
    static final Path MAIN = Path.of("src/main/java").toAbsolutePath();
    static final int MAX_FILE_LINES = 400;
    static final int MAX_METHOD_LINES = 80;

    @Test
    void noFileOrMethodIsTooLong() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(MAIN)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertTrue(files.size() > 50, "scanned only " + files.size() + " files under " + MAIN);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no system Java compiler: the tests need a JDK");
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            Sizes sizes = measure(javac, fm.getJavaFileObjectsFromPaths(files));
            assertTrue(sizes.methods > 1000, "only " + sizes.methods + " method bodies found: did the parse fail?");
            assertEquals(List.of(), sizes.offenders.stream().map(o -> MAIN.relativize(Path.of(o.split(":")[0])) + o.substring(
                    o.indexOf(':'))).toList(), "over " + MAX_FILE_LINES + " lines per file or " + MAX_METHOD_LINES + " per method");
        }
    }

    /** The checker finds what it looks for: an 81-line method and a 401-line file, and not an 80-line method. */
    @Test
    void theCheckerSeesALongMethodAndALongFile() throws IOException {
        StringBuilder src = new StringBuilder("class Long {\n    void ok() {\n");
        src.append("        int x = 0;\n".repeat(MAX_METHOD_LINES - 2)).append("    }\n\n    void tooLong() {\n");
        src.append("        String s = \"}\"; // }\n".repeat(MAX_METHOD_LINES - 1)).append("    }\n");
        src.append("\n".repeat(MAX_FILE_LINES - 2 * MAX_METHOD_LINES - 3)).append("}\n");
        JavaFileObject f = new SimpleJavaFileObject(URI.create("string:///Long.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return src;
            }
        };
        Sizes sizes = measure(ToolProvider.getSystemJavaCompiler(), List.of(f));
        assertEquals(List.of("/Long.java: 401 lines", "/Long.java:83: tooLong 81 lines"), sizes.offenders);
    }

    /** What was measured: method bodies seen, and each file or method over its limit as {@code path[:line]: what}. */
    private static final class Sizes {
        int methods;
        final List<String> offenders = new ArrayList<>();
    }

    private static Sizes measure(JavaCompiler javac, Iterable<? extends JavaFileObject> sources) throws IOException {
        JavacTask task = (JavacTask) javac.getTask(null, null, null, List.of("-proc:none"), null, sources);
        SourcePositions pos = Trees.instance(task).getSourcePositions();
        Sizes sizes = new Sizes();
        for (CompilationUnitTree cu : task.parse()) {
            LineMap lines = cu.getLineMap();
            String name = cu.getSourceFile().toUri().getPath();
            long fileLines = cu.getSourceFile().getCharContent(true).toString().lines().count();
            if (fileLines > MAX_FILE_LINES) {
                sizes.offenders.add(name + ": " + fileLines + " lines");
            }
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitMethod(MethodTree m, Void unused) {
                    if (m.getBody() != null) {
                        sizes.methods++;
                        long first = lines.getLineNumber(pos.getStartPosition(cu, m));
                        long last = lines.getLineNumber(pos.getEndPosition(cu, m));
                        if (last - first + 1 > MAX_METHOD_LINES) {
                            sizes.offenders.add(name + ":" + first + ": " + m.getName() + " " + (last - first + 1) + " lines");
                        }
                    }
                    return super.visitMethod(m, unused);
                }
            }.scan(cu, null);
        }
        return sizes;
    }
}
