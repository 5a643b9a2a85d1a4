package io.github.ompt4j.agent.inspect;

import io.github.ompt4j.model.inspect.Handles;
import io.github.ompt4j.model.inspect.Inspection;
import io.github.ompt4j.model.inspect.Snapshot;
import java.lang.management.ManagementFactory;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanInfo;
import javax.management.MBeanOperationInfo;
import javax.management.ReflectionException;
import javax.management.openmbean.OpenMBeanAttributeInfoSupport;
import javax.management.openmbean.OpenMBeanInfoSupport;
import javax.management.openmbean.OpenMBeanOperationInfoSupport;
import javax.management.openmbean.OpenMBeanParameterInfoSupport;
import javax.management.openmbean.SimpleType;

/**
 * The platform MBean {@value #NAME}: the runtime's live model ({@code Snapshot}: threads, regions, tasks, waits,
 * deadlocks; each read takes a new one), the agent's {@code Status}, and the operations {@code region(id)} and
 * {@code task(id)} (handles named again) and {@code stopRecording()}. An open MBean: every value is open data
 * ({@link OpenData}), so JMC's MBean browser, {@code jconsole} and the {@code inspect} command read it without
 * our classes. Reads run on the JMX connection's thread, never a program thread.
 */
public final class OmptMBean implements DynamicMBean {
    public static final String NAME = OmptObjectName.NAME;
    private static final String SNAPSHOT = "Snapshot";
    private static final String STATUS = "Status";
    private final AgentControl agent;
    private final MBeanInfo info;

    private OmptMBean(AgentControl agent) {
        this.agent = agent;
        this.info = new OpenMBeanInfoSupport(OmptMBean.class.getName(), "ompt4j: OpenMP's model of this JVM, live",
                new OpenMBeanAttributeInfoSupport[] {
                    new OpenMBeanAttributeInfoSupport(SNAPSHOT, "threads, regions, tasks, who waits for whom, deadlocks",
                            OpenData.typeOf(Snapshot.class), true, false, false),
                    new OpenMBeanAttributeInfoSupport(STATUS, "what the agent does: options, adapters, recording",
                            OpenData.typeOf(AgentStatus.class), true, false, false)},
                null,
                new OpenMBeanOperationInfoSupport[] {
                    handleOperation("region", "a region by ID, with its enclosing regions, tasks and waits"),
                    handleOperation("task", "a task by ID, with its parent chain and who waits for it"),
                    new OpenMBeanOperationInfoSupport("stopRecording", "stop the recording and write its outputs;"
                            + " the application goes on", new OpenMBeanParameterInfoSupport[0], SimpleType.STRING,
                            MBeanOperationInfo.ACTION)},
                null);
    }

    private static OpenMBeanOperationInfoSupport handleOperation(String name, String description) {
        return new OpenMBeanOperationInfoSupport(name, description, new OpenMBeanParameterInfoSupport[] {
            new OpenMBeanParameterInfoSupport("id", "the ID an earlier answer gave", SimpleType.LONG)},
                OpenData.typeOf(Handles.Answer.class), MBeanOperationInfo.INFO);
    }

    /** Register the MBean in the platform MBean server; false if one is there already (a second agent start). */
    public static boolean register(AgentControl agent) throws JMException {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(new OmptMBean(agent), OmptObjectName.get());
            return true;
        } catch (InstanceAlreadyExistsException e) {
            return false;
        }
    }

    @Override
    public Object getAttribute(String attribute) throws AttributeNotFoundException {
        switch (attribute) {
            case SNAPSHOT:
                return OpenData.toComposite(Inspection.take());
            case STATUS:
                return OpenData.toComposite(agent.status());
            default:
                throw new AttributeNotFoundException(attribute);
        }
    }

    @Override
    public AttributeList getAttributes(String[] attributes) {
        AttributeList list = new AttributeList();
        for (String a : attributes) {
            try {
                list.add(new Attribute(a, getAttribute(a)));
            } catch (AttributeNotFoundException unknown) {
                // left out, as the interface says
            }
        }
        return list;
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException(attribute.getName() + " is read-only");
    }

    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    @Override
    public Object invoke(String action, Object[] params, String[] signature) throws ReflectionException {
        switch (action) {
            case "region":
                return OpenData.toComposite(Handles.region(id(params)));
            case "task":
                return OpenData.toComposite(Handles.task(id(params)));
            case "stopRecording":
                return agent.stopRecording();
            default:
                throw new ReflectionException(new NoSuchMethodException(action));
        }
    }

    private static long id(Object[] params) throws ReflectionException {
        if (params == null || params.length != 1 || !(params[0] instanceof Long)) {
            throw new ReflectionException(new IllegalArgumentException("expected one long: the ID"));
        }
        return (Long) params[0];
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        return info;
    }
}
