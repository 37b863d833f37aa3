package org.robocell.itests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;

/** Small bundle jars made by the tests: a manifest, and classes the itests bundle carries as {@code .bin} resources. */
final class TestJars {

    private TestJars() {
    }

    /**
     * @param headers manifest headers besides the symbolic name and version
     * @param classes class name (with dots) -> the itests bundle's resource holding its bytes
     * @param filler bytes of incompressible filler, so that cutting the jar short cuts its central directory off
     */
    static byte[] bundle(String symbolicName, String version, Map<String, String> headers, Bundle carrier,
            Map<String, String> classes, int filler) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName);
        main.putValue("Bundle-Version", version);
        headers.forEach(main::putValue);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            for (Map.Entry<String, String> c : classes.entrySet()) {
                URL url = carrier.getEntry(c.getValue());
                if (url == null) {
                    throw new IllegalStateException("the itests bundle carries no " + c.getValue());
                }
                out.putNextEntry(new JarEntry(c.getKey().replace('.', '/') + ".class"));
                try (InputStream in = url.openStream()) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
            if (filler > 0) {
                out.putNextEntry(new JarEntry("filler.bin"));
                byte[] random = new byte[filler];
                new java.util.Random(filler).nextBytes(random);
                out.write(random);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
