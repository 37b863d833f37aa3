package org.robocell.api.model;

/** A URDF {@code <mimic>}: this joint's position = multiplier * position(joint) + offset. */
public record Mimic(String joint, double multiplier, double offset) {
}
