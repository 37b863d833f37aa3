package org.robocell.driver.sim.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.model.RobotModel;

/**
 * Serves {@code robocell_sim/PhysicsSystem}. The simulation needs the robot's whole description (inertials,
 * every link), which a hardware component's {@code <ros2_control>} block does not carry: the factory finds it
 * among the {@link RobotModel} services the cell registers for its robots before it creates their hardware, as
 * the robot whose joints include every joint of the block; the hardware parameter {@code robot} names it when
 * several robots would fit.
 */
@Component(property = HardwareFactory.PLUGIN + "=" + PhysicsSystemFactory.PLUGIN)
public final class PhysicsSystemFactory implements HardwareFactory {

    public static final String PLUGIN = "robocell_sim/PhysicsSystem";
    /** The service property with the robot's name ({@code ControllerManager.ROBOT}). */
    static final String ROBOT_PROPERTY = "robocell.robot";

    private final Map<RobotModel, String> robots = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addRobot(RobotModel model, Map<String, Object> props) {
        robots.put(model, String.valueOf(props.getOrDefault(ROBOT_PROPERTY, "")));
    }

    void removeRobot(RobotModel model) {
        robots.remove(model);
    }

    @Override
    public HardwareComponent create(HardwareInfo info) {
        String wanted = info.parameter(PhysicsParameters.ROBOT, "").trim();
        List<RobotModel> fitting = new ArrayList<>();
        List<String> names = new ArrayList<>();
        robots.forEach((model, name) -> {
            if ((wanted.isEmpty() || wanted.equals(name)) && hasAllJoints(model, info)) {
                fitting.add(model);
                names.add(name);
            }
        });
        if (fitting.size() == 1) {
            return new PhysicsSystem(fitting.get(0));
        }
        String why = fitting.isEmpty()
                ? "no robot" + (wanted.isEmpty() ? "" : " named '" + wanted + "'") + " has every joint of this block; robots known: " + robots.values()
                : "robots " + names + " all have its joints: name one with <param name=\"robot\">";
        return PhysicsSystem.failing("hardware '" + info.name() + "' (" + PLUGIN + "): " + why);
    }

    private static boolean hasAllJoints(RobotModel model, HardwareInfo info) {
        for (ComponentInfo joint : info.joints()) {
            if (model.joint(joint.name()).isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
