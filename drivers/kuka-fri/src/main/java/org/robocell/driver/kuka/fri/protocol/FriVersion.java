package org.robocell.driver.kuka.fri.protocol;

/**
 * The two incompatible FRI message layouts. 1.x (Sunrise FRI 1.11-1.16) carries the commanded joint position in the
 * monitoring message and an end-of-message block (field 15); 2.x (2.5, 2.7) drops both and adds Cartesian poses.
 */
public enum FriVersion {
    V1,
    V2;

    /** "1" or "1.15" is {@link #V1}, "2" or "2.7" is {@link #V2}. */
    public static FriVersion parse(String text) {
        String t = text.trim();
        if (t.equals("1") || t.startsWith("1.")) {
            return V1;
        }
        if (t.equals("2") || t.startsWith("2.")) {
            return V2;
        }
        throw new IllegalArgumentException("FRI version '" + text + "' is neither 1.x nor 2.x");
    }
}
