package org.robocell.simulation;

/** A point of a link that touches the half-spaces: (x, y, z) in the link's frame, metres. */
public record ContactPoint(String link, double x, double y, double z) {

    public ContactPoint {
        if (link == null || link.isBlank()) {
            throw new IllegalArgumentException("a contact point needs a link name");
        }
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("contact point on " + link + " must be finite, got (" + x + ", " + y + ", " + z + ")");
        }
    }

    /** The origin of a link. */
    public static ContactPoint origin(String link) {
        return new ContactPoint(link, 0, 0, 0);
    }
}
