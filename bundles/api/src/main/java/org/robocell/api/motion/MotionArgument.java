package org.robocell.api.motion;

/** A named value of a primitive's {@code additional_arguments}: {@code velocity}, {@code acceleration}, {@code move_time}. */
public record MotionArgument(String name, double value) {
}
