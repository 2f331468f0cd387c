package io.nri4j.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One fenced block of a Markdown file.
 *
 * @param doc the file, relative to the repository's root, e.g. {@code docs/writing-a-plugin.md}
 * @param line the line of the opening fence, counted from 1
 * @param language what follows the opening fence: {@code java}, {@code xml}, or empty
 * @param text the block's content, without the fences
 * @param fragment whether the line before the fence is {@link #FRAGMENT}: a deliberate fragment, not compiled
 */
record CodeBlock(String doc, int line, String language, String text, boolean fragment) {

    /**
     * Marks the next block as a fragment. An HTML comment: GitHub shows nothing of it, and the
     * block still renders as Java.
     */
    static final String FRAGMENT = "<!-- fragment -->";

    /** Every fenced block of {@code root/doc}, in order; an unclosed fence is an error. */
    static List<CodeBlock> read(Path root, String doc) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(doc));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + doc + ": " + e.getMessage(), e);
        }
        List<CodeBlock> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String opening = lines.get(i).strip();
            if (!opening.startsWith("```")) {
                continue;
            }
            String indent = lines.get(i).substring(0, lines.get(i).indexOf('`'));
            int start = i;
            StringBuilder text = new StringBuilder();
            i++;
            while (i < lines.size() && !lines.get(i).strip().equals("```")) {
                String line = lines.get(i);
                text.append(line.startsWith(indent) ? line.substring(indent.length()) : line.strip()).append('\n');
                i++;
            }
            if (i == lines.size()) {
                throw new IllegalStateException(doc + ":" + (start + 1) + ": the fence opened here is never closed");
            }
            boolean fragment = start > 0 && lines.get(start - 1).strip().equals(FRAGMENT);
            blocks.add(new CodeBlock(doc, start + 1, opening.substring(3).strip(), text.toString(), fragment));
        }
        return blocks;
    }

    boolean isJava() {
        return language.equals("java");
    }

    /** {@code docs/writing-a-plugin.md:88}, as the failure messages name a block. */
    String where() {
        return doc + ":" + line;
    }
}
