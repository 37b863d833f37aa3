package org.robocell.description;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The test files beside these tests (copies of the shared robot descriptions, so the build needs nothing else). */
final class Resources {

    private Resources() {
    }

    static Path path(String name) {
        URL url = Resources.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(String name) {
        try {
            return Files.readString(path(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
