package org.robocell.motion;

/**
 * Where primitive {@code after} blends into the next: from {@code start} to {@code end} (s into the plan) both
 * primitives move at once, and the tool stays inside the sphere of {@code radius} about {@code center}, the goal
 * position of primitive {@code after}. {@code radius} is the one the primitive asked for; {@code start == end}
 * when the limits left no room to blend and the motion stops there.
 */
public record Blend(int after, double start, double end, double radius, double centerX, double centerY,
        double centerZ) {
}
