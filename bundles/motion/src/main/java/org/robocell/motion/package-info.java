/**
 * Industrial motion primitives for any described robot, the kind of MoveIt's Pilz industrial motion planner: PTP
 * (joint space, all joints synchronised), LIN (straight Cartesian line, orientation by slerp) and CIRC (an arc through
 * a via point or about a centre), each with a trapezoidal profile within the joint and Cartesian limits, and blending
 * of consecutive primitives inside a blend sphere without stopping.
 * <p>
 * {@link org.robocell.motion.MotionPlanner#plan} is deterministic and checks everything before a motion starts
 * (reachability along the whole path, singularities, joint position, velocity and acceleration limits), refusing with a
 * {@link org.robocell.motion.PlanningException} that names the primitive, where and why. It runs off the control loop;
 * the {@link org.robocell.motion.Plan} it returns is immutable and is sampled by the loop without allocating.
 */
@Export
@Version("1.0.0")
package org.robocell.motion;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
