package org.robocell.controller.franka.dual.internal;

/**
 * One arm's impedance: translational (N/m) and rotational (Nm/rad) Cartesian stiffness, the nullspace stiffness
 * (Nm/rad), each damped critically (2√k, as franka_ros's example), and the torque rate limit δτ_max (Nm per cycle).
 * Immutable: a live change swaps the whole object, which the update reads through one volatile field.
 */
record ImpedanceGains(double translational, double rotational, double nullspace, double deltaTauMax) {
}
