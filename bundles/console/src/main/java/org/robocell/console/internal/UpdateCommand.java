package org.robocell.console.internal;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

/**
 * {@code update}: Gogo's {@code felix:update} with the new content fetched and checked before the bundle stops
 * ({@link BundleUpdate}). Registered in the {@code felix} scope above Gogo's own, so that {@code update} and
 * {@code felix:update} both come here, whatever a session's {@code SCOPE} says (Gogo 1.1.6 takes the highest-ranked
 * service for one scope:name).
 */
public final class UpdateCommand {

    static final String[] FUNCTIONS = { "update" };

    private final BundleContext context;

    UpdateCommand(BundleContext context) {
        this.context = context;
    }

    @Descriptor("update a bundle from its update location (refused, with the bundle left as it is, when the new content cannot be read or is not that bundle)")
    public String update(@Descriptor("bundle id or symbolic name") String bundle) {
        return update(find(bundle), null);
    }

    @Descriptor("update a bundle from a jar (URL or file); refused, with the bundle left as it is, when the jar cannot be read or is not that bundle")
    public String update(@Descriptor("bundle id or symbolic name") String bundle, @Descriptor("URL or path of the new jar") String jar) {
        return update(find(bundle), jar);
    }

    private String update(Bundle b, String jar) {
        try (BundleUpdate update = BundleUpdate.prepare(b, jar, context.getBundles())) {
            String was = b.getSymbolicName() + " " + b.getVersion();
            try (var in = update.open()) {
                b.update(in);
            } catch (BundleException e) {
                throw new CommandError("bundle " + b.getBundleId() + " (" + was + ") from " + update.source() + ": "
                        + e.getMessage() + (e.getCause() != null ? " (" + e.getCause() + ")" : ""));
            } catch (java.io.IOException e) {
                throw new CommandError("cannot update bundle " + b.getBundleId() + ": " + e.getMessage());
            }
            return "bundle " + b.getBundleId() + " updated: " + was + " -> " + update.version() + " from " + update.source();
        }
    }

    private Bundle find(String idOrName) {
        String s = idOrName == null ? "" : idOrName.trim();
        try {
            Bundle b = context.getBundle(Long.parseLong(s));
            if (b != null) {
                return b;
            }
            throw new CommandError("no bundle " + s + " (lb lists them)");
        } catch (NumberFormatException notAnId) {
            Bundle found = null;
            for (Bundle b : context.getBundles()) {
                if (s.equals(b.getSymbolicName())) {
                    if (found != null) {
                        throw new CommandError("several bundles are " + s + " (" + found.getBundleId() + ", " + b.getBundleId()
                                + "); give the id");
                    }
                    found = b;
                }
            }
            if (found == null) {
                throw new CommandError("no bundle " + s + " (lb lists them)");
            }
            return found;
        }
    }
}
