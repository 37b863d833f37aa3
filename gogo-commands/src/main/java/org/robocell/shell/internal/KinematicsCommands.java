package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.model.Joint;
import org.robocell.api.model.RobotModel;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.KinematicsService;

/** Forward and inverse kinematics of a robot of the cell, for its live joint state or a given one. */
@Component(service = KinematicsCommands.class, property = { "osgi.command.scope=cell", "osgi.command.function=fk",
        "osgi.command.function=ik" })
public final class KinematicsCommands {

    private static final List<String> POSE = List.of("x", "y", "z", "roll", "pitch", "yaw");

    private final BundleContext context;
    private final Robots robots;
    private final KinematicsService kinematics;

    @Activate
    public KinematicsCommands(BundleContext context, @Reference Robots robots, @Reference KinematicsService kinematics) {
        this.context = context;
        this.robots = robots;
        this.kinematics = kinematics;
    }

    @Descriptor("pose of a link (default: the robot's tip) for the live joint state, or for the joint positions given")
    @Example("cell:fk -r fr3")
    public String fk(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("link name") @Parameter(names = { "-l", "--link" }, absentValue = "") String link,
            @Descriptor("joint positions in the model's joint order (none: the live state)") String... q) {
        ControllerManager manager = robots.pick(robot);
        RobotModel model = model(manager.robot());
        KinematicModel km = kinematics.model(model);
        String tip = link.isEmpty() ? tip(model) : link;
        int index = linkIndex(km, tip);
        double[] joints = q.length == 0 ? liveJointPositions(manager, km) : checked(q, km);
        KinematicWorkspace ws = km.newWorkspace();
        ws.forwardKinematics(joints);
        double[] t = new double[16];
        ws.linkTransform(index, t);
        return describePose(manager.robot(), tip, km.baseLink(), t, joints, km.jointNames());
    }

    @Descriptor("joint positions that put a link (default: the tip) at a pose: x y z in m, roll pitch yaw in rad")
    @Example("cell:ik -r fr3 0.3 0.0 0.5 3.14159 0.0 0.0")
    public String ik(@Descriptor(Robots.OPTION) @Parameter(names = { "-r", "--robot" }, absentValue = "") String robot,
            @Descriptor("link name") @Parameter(names = { "-l", "--link" }, absentValue = "") String link,
            @Descriptor("x y z roll pitch yaw") String... values) {
        if (values.length != 6) {
            throw new CommandFailed("give the pose as x y z roll pitch yaw (6 numbers), got " + values.length);
        }
        double[] pose = new double[6];
        for (int i = 0; i < 6; i++) {
            pose[i] = Numbers.finite(POSE.get(i), values[i]);
        }
        ControllerManager manager = robots.pick(robot);
        RobotModel model = model(manager.robot());
        KinematicModel km = kinematics.model(model);
        String tip = link.isEmpty() ? tip(model) : link;
        int index = linkIndex(km, tip);
        double[] seed = liveJointPositionsOrZero(manager, km);
        double[] solution = new double[km.dof()];
        IkResult r = km.newWorkspace().inverseKinematics(index, transform(pose), seed, IkOptions.DEFAULT, solution);
        if (!r.converged()) {
            throw new CommandFailed(String.format(Locale.ROOT,
                    "no joint solution puts %s at that pose within the joint limits (closest: %.3g m, %.3g rad off after %d attempts)",
                    tip, r.positionError(), r.orientationError(), r.attempts()));
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s of %s reaches the pose (error %.1e m, %.1e rad, %d iterations):", tip, manager.robot(),
                r.positionError(), r.orientationError(), r.iterations()));
        for (int i = 0; i < solution.length; i++) {
            sb.append(String.format(Locale.ROOT, "%n  %-12s %10.6f", km.jointNames().get(i), solution[i]));
        }
        sb.append(String.format(Locale.ROOT, "%nas one line: %s", join(solution)));
        return sb.toString();
    }

    private RobotModel model(String robot) {
        try {
            Collection<ServiceReference<RobotModel>> refs = context.getServiceReferences(RobotModel.class,
                    "(" + ControllerManager.ROBOT + "=" + robot + ")");
            for (ServiceReference<RobotModel> ref : refs) {
                RobotModel m = context.getService(ref);
                if (m != null) {
                    context.ungetService(ref);
                    return m;
                }
            }
        } catch (InvalidSyntaxException e) {
            throw new CommandFailed("robot name '" + robot + "' cannot be looked up: " + e.getMessage());
        }
        throw new CommandFailed("the robot model of '" + robot + "' is not available (its URDF did not load?)");
    }

    /** The leaf link reached through the most moving joints (the flange or tool of an arm). */
    static String tip(RobotModel model) {
        String best = model.rootLink();
        int bestMoving = -1;
        int bestLength = -1;
        for (String link : model.links().keySet()) {
            boolean leaf = model.joints().values().stream().noneMatch(j -> j.parent().equals(link));
            if (!leaf) {
                continue;
            }
            List<Joint> chain = model.chainTo(link);
            int moving = (int) chain.stream().filter(j -> j.type().isSingleDof()).count();
            if (moving > bestMoving || (moving == bestMoving && chain.size() > bestLength)) {
                best = link;
                bestMoving = moving;
                bestLength = chain.size();
            }
        }
        return best;
    }

    private static int linkIndex(KinematicModel km, String link) {
        try {
            return km.linkIndex(link);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed("no link '" + link + "'" + Suggestions.didYouMeanOrKnown(link, km.linkNames()));
        }
    }

    /** Positions given in the model's joint order: as many as it has joints, each a finite number. */
    static double[] checked(String[] q, KinematicModel km) {
        if (q.length != km.dof()) {
            throw new CommandFailed("the model has " + km.dof() + " joints " + km.jointNames() + ", got " + q.length + " positions");
        }
        double[] out = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            out[i] = Numbers.finite("position " + (i + 1) + " (" + km.jointNames().get(i) + ")", q[i]);
        }
        return out;
    }

    private static double[] liveJointPositions(ControllerManager manager, KinematicModel km) {
        double[] q = new double[km.dof()];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < q.length; i++) {
            String name = km.jointNames().get(i) + "/position";
            double v = stateValue(manager, name);
            if (Double.isNaN(v)) {
                missing.add(name);
            }
            q[i] = v;
        }
        if (!missing.isEmpty()) {
            throw new CommandFailed("no live value for " + missing + " on robot '" + manager.robot()
                    + "': is its hardware configured? (or give the joint positions)");
        }
        return q;
    }

    private static double[] liveJointPositionsOrZero(ControllerManager manager, KinematicModel km) {
        double[] q = new double[km.dof()];
        for (int i = 0; i < q.length; i++) {
            double v = stateValue(manager, km.jointNames().get(i) + "/position");
            q[i] = Double.isNaN(v) ? 0.5 * (Math.max(km.lowerLimit(i), -Math.PI) + Math.min(km.upperLimit(i), Math.PI)) : v;
        }
        return q;
    }

    private static double stateValue(ControllerManager manager, String name) {
        for (InterfaceSnapshot i : manager.interfaces()) {
            if (i.kind() == InterfaceSnapshot.Kind.STATE && i.name().equals(name) && i.available()) {
                return i.value();
            }
        }
        return Double.NaN;
    }

    /** Row-major 4x4 from xyz and roll-pitch-yaw (fixed axes X, Y, Z: R = Rz(yaw) Ry(pitch) Rx(roll)). */
    static double[] transform(double[] p) {
        double cr = Math.cos(p[3]), sr = Math.sin(p[3]);
        double cp = Math.cos(p[4]), sp = Math.sin(p[4]);
        double cy = Math.cos(p[5]), sy = Math.sin(p[5]);
        return new double[] {
                cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr, p[0],
                sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr, p[1],
                -sp, cp * sr, cp * cr, p[2],
                0, 0, 0, 1 };
    }

    /** Roll, pitch, yaw of a row-major 4x4. */
    static double[] rpy(double[] t) {
        double pitch = Math.atan2(-t[8], Math.hypot(t[0], t[4]));
        double roll = Math.atan2(t[9], t[10]);
        double yaw = Math.atan2(t[4], t[0]);
        return new double[] { roll, pitch, yaw };
    }

    private static String describePose(String robot, String link, String base, double[] t, double[] q, List<String> joints) {
        double[] rpy = rpy(t);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s of %s in %s:%n", link, robot, base));
        sb.append(String.format(Locale.ROOT, "  position  x %.6f  y %.6f  z %.6f  (m)%n", t[3], t[7], t[11]));
        sb.append(String.format(Locale.ROOT, "  rpy       roll %.6f  pitch %.6f  yaw %.6f  (rad)%n", rpy[0], rpy[1], rpy[2]));
        sb.append("  for ").append(joints).append(" = ").append(join(q));
        return sb.toString();
    }

    private static String join(double[] values) {
        StringBuilder sb = new StringBuilder();
        for (double v : values) {
            sb.append(sb.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.6f", v));
        }
        return sb.toString();
    }
}
