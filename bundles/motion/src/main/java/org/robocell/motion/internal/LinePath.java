package org.robocell.motion.internal;

/** A straight line from one point to another. */
final class LinePath implements CartesianPath {

    private final double[] from;
    private final double[] delta;
    private final double length;

    LinePath(double[] from, double[] to) {
        this.from = from.clone();
        this.delta = new double[] { to[0] - from[0], to[1] - from[1], to[2] - from[2] };
        this.length = Math.sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
    }

    @Override
    public double length() {
        return length;
    }

    @Override
    public void position(double u, double[] out) {
        for (int i = 0; i < 3; i++) {
            out[i] = from[i] + u * delta[i];
        }
    }
}
