package io.nri4j.stub;

import com.google.protobuf.Message;
import io.nri4j.api.v1alpha1.CDIDevice;
import io.nri4j.api.v1alpha1.CompoundFieldOwners;
import io.nri4j.api.v1alpha1.ConfigureRequest;
import io.nri4j.api.v1alpha1.ConfigureResponse;
import io.nri4j.api.v1alpha1.Container;
import io.nri4j.api.v1alpha1.ContainerAdjustment;
import io.nri4j.api.v1alpha1.ContainerEviction;
import io.nri4j.api.v1alpha1.ContainerUpdate;
import io.nri4j.api.v1alpha1.CreateContainerRequest;
import io.nri4j.api.v1alpha1.CreateContainerResponse;
import io.nri4j.api.v1alpha1.Empty;
import io.nri4j.api.v1alpha1.FailurePolicy;
import io.nri4j.api.v1alpha1.FieldOwners;
import io.nri4j.api.v1alpha1.Hook;
import io.nri4j.api.v1alpha1.Hooks;
import io.nri4j.api.v1alpha1.HugepageLimit;
import io.nri4j.api.v1alpha1.Image;
import io.nri4j.api.v1alpha1.KeyValue;
import io.nri4j.api.v1alpha1.LinuxCPU;
import io.nri4j.api.v1alpha1.LinuxContainer;
import io.nri4j.api.v1alpha1.LinuxContainerAdjustment;
import io.nri4j.api.v1alpha1.LinuxContainerUpdate;
import io.nri4j.api.v1alpha1.LinuxDevice;
import io.nri4j.api.v1alpha1.LinuxDeviceCgroup;
import io.nri4j.api.v1alpha1.LinuxIOPriority;
import io.nri4j.api.v1alpha1.LinuxMemory;
import io.nri4j.api.v1alpha1.LinuxMemoryPolicy;
import io.nri4j.api.v1alpha1.LinuxNamespace;
import io.nri4j.api.v1alpha1.LinuxNetDevice;
import io.nri4j.api.v1alpha1.LinuxPids;
import io.nri4j.api.v1alpha1.LinuxPodSandbox;
import io.nri4j.api.v1alpha1.LinuxRdt;
import io.nri4j.api.v1alpha1.LinuxResources;
import io.nri4j.api.v1alpha1.LinuxScheduler;
import io.nri4j.api.v1alpha1.LinuxSeccomp;
import io.nri4j.api.v1alpha1.LinuxSeccompArg;
import io.nri4j.api.v1alpha1.LinuxSyscall;
import io.nri4j.api.v1alpha1.LogRequest;
import io.nri4j.api.v1alpha1.Mount;
import io.nri4j.api.v1alpha1.OptionalBool;
import io.nri4j.api.v1alpha1.OptionalFileMode;
import io.nri4j.api.v1alpha1.OptionalInt;
import io.nri4j.api.v1alpha1.OptionalInt32;
import io.nri4j.api.v1alpha1.OptionalInt64;
import io.nri4j.api.v1alpha1.OptionalRepeatedString;
import io.nri4j.api.v1alpha1.OptionalString;
import io.nri4j.api.v1alpha1.OptionalUInt32;
import io.nri4j.api.v1alpha1.OptionalUInt64;
import io.nri4j.api.v1alpha1.OwningPlugins;
import io.nri4j.api.v1alpha1.POSIXRlimit;
import io.nri4j.api.v1alpha1.PluginInstance;
import io.nri4j.api.v1alpha1.PodSandbox;
import io.nri4j.api.v1alpha1.PostCreateContainerRequest;
import io.nri4j.api.v1alpha1.PostCreateContainerResponse;
import io.nri4j.api.v1alpha1.PostStartContainerRequest;
import io.nri4j.api.v1alpha1.PostStartContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdateContainerRequest;
import io.nri4j.api.v1alpha1.PostUpdateContainerResponse;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.PostUpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.RegisterPluginRequest;
import io.nri4j.api.v1alpha1.RemoveContainerRequest;
import io.nri4j.api.v1alpha1.RemoveContainerResponse;
import io.nri4j.api.v1alpha1.RemovePodSandboxRequest;
import io.nri4j.api.v1alpha1.RemovePodSandboxResponse;
import io.nri4j.api.v1alpha1.RunPodSandboxRequest;
import io.nri4j.api.v1alpha1.RunPodSandboxResponse;
import io.nri4j.api.v1alpha1.SecurityProfile;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.api.v1alpha1.StartContainerRequest;
import io.nri4j.api.v1alpha1.StartContainerResponse;
import io.nri4j.api.v1alpha1.StateChangeEvent;
import io.nri4j.api.v1alpha1.StopContainerRequest;
import io.nri4j.api.v1alpha1.StopContainerResponse;
import io.nri4j.api.v1alpha1.StopPodSandboxRequest;
import io.nri4j.api.v1alpha1.StopPodSandboxResponse;
import io.nri4j.api.v1alpha1.SynchronizeRequest;
import io.nri4j.api.v1alpha1.SynchronizeResponse;
import io.nri4j.api.v1alpha1.UpdateContainerRequest;
import io.nri4j.api.v1alpha1.UpdateContainerResponse;
import io.nri4j.api.v1alpha1.UpdateContainersRequest;
import io.nri4j.api.v1alpha1.UpdateContainersResponse;
import io.nri4j.api.v1alpha1.UpdatePodSandboxRequest;
import io.nri4j.api.v1alpha1.UpdatePodSandboxResponse;
import io.nri4j.api.v1alpha1.User;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentRequest;
import io.nri4j.api.v1alpha1.ValidateContainerAdjustmentResponse;
import java.util.List;

/**
 * Every top-level message of the NRI API, by its default instance, in {@code api.proto}'s order:
 * what the warm-up loads. Listed rather than found through the file's descriptor and reflection,
 * whose {@code getMethod} builds a {@code Method} for each of a message class's many methods,
 * a third of the warm-up's time on a slow machine. A test keeps the list in step with the
 * descriptor.
 */
final class NriMessageTypes {

    private NriMessageTypes() {
    }

    /** The default instance of each top-level message type. */
    static List<Message> defaults() {
        return List.of(
                LogRequest.getDefaultInstance(),
                RegisterPluginRequest.getDefaultInstance(),
                UpdateContainersRequest.getDefaultInstance(),
                UpdateContainersResponse.getDefaultInstance(),
                ConfigureRequest.getDefaultInstance(),
                ConfigureResponse.getDefaultInstance(),
                FailurePolicy.getDefaultInstance(),
                SynchronizeRequest.getDefaultInstance(),
                SynchronizeResponse.getDefaultInstance(),
                ShutdownRequest.getDefaultInstance(),
                RunPodSandboxRequest.getDefaultInstance(),
                RunPodSandboxResponse.getDefaultInstance(),
                UpdatePodSandboxRequest.getDefaultInstance(),
                UpdatePodSandboxResponse.getDefaultInstance(),
                PostUpdatePodSandboxRequest.getDefaultInstance(),
                PostUpdatePodSandboxResponse.getDefaultInstance(),
                StopPodSandboxRequest.getDefaultInstance(),
                StopPodSandboxResponse.getDefaultInstance(),
                RemovePodSandboxRequest.getDefaultInstance(),
                RemovePodSandboxResponse.getDefaultInstance(),
                CreateContainerRequest.getDefaultInstance(),
                CreateContainerResponse.getDefaultInstance(),
                PostCreateContainerRequest.getDefaultInstance(),
                PostCreateContainerResponse.getDefaultInstance(),
                StartContainerRequest.getDefaultInstance(),
                StartContainerResponse.getDefaultInstance(),
                PostStartContainerRequest.getDefaultInstance(),
                PostStartContainerResponse.getDefaultInstance(),
                UpdateContainerRequest.getDefaultInstance(),
                UpdateContainerResponse.getDefaultInstance(),
                PostUpdateContainerRequest.getDefaultInstance(),
                PostUpdateContainerResponse.getDefaultInstance(),
                StopContainerRequest.getDefaultInstance(),
                StopContainerResponse.getDefaultInstance(),
                RemoveContainerRequest.getDefaultInstance(),
                RemoveContainerResponse.getDefaultInstance(),
                StateChangeEvent.getDefaultInstance(),
                ValidateContainerAdjustmentRequest.getDefaultInstance(),
                PluginInstance.getDefaultInstance(),
                ValidateContainerAdjustmentResponse.getDefaultInstance(),
                Empty.getDefaultInstance(),
                PodSandbox.getDefaultInstance(),
                LinuxPodSandbox.getDefaultInstance(),
                Container.getDefaultInstance(),
                Image.getDefaultInstance(),
                Mount.getDefaultInstance(),
                Hooks.getDefaultInstance(),
                Hook.getDefaultInstance(),
                LinuxContainer.getDefaultInstance(),
                LinuxNamespace.getDefaultInstance(),
                LinuxDevice.getDefaultInstance(),
                LinuxDeviceCgroup.getDefaultInstance(),
                CDIDevice.getDefaultInstance(),
                User.getDefaultInstance(),
                LinuxResources.getDefaultInstance(),
                LinuxMemory.getDefaultInstance(),
                LinuxCPU.getDefaultInstance(),
                HugepageLimit.getDefaultInstance(),
                SecurityProfile.getDefaultInstance(),
                POSIXRlimit.getDefaultInstance(),
                LinuxPids.getDefaultInstance(),
                LinuxIOPriority.getDefaultInstance(),
                LinuxNetDevice.getDefaultInstance(),
                LinuxScheduler.getDefaultInstance(),
                ContainerAdjustment.getDefaultInstance(),
                LinuxContainerAdjustment.getDefaultInstance(),
                LinuxSeccomp.getDefaultInstance(),
                LinuxSyscall.getDefaultInstance(),
                LinuxSeccompArg.getDefaultInstance(),
                LinuxMemoryPolicy.getDefaultInstance(),
                ContainerUpdate.getDefaultInstance(),
                LinuxContainerUpdate.getDefaultInstance(),
                ContainerEviction.getDefaultInstance(),
                LinuxRdt.getDefaultInstance(),
                KeyValue.getDefaultInstance(),
                OptionalString.getDefaultInstance(),
                OptionalRepeatedString.getDefaultInstance(),
                OptionalInt.getDefaultInstance(),
                OptionalInt32.getDefaultInstance(),
                OptionalUInt32.getDefaultInstance(),
                OptionalInt64.getDefaultInstance(),
                OptionalUInt64.getDefaultInstance(),
                OptionalBool.getDefaultInstance(),
                OptionalFileMode.getDefaultInstance(),
                CompoundFieldOwners.getDefaultInstance(),
                FieldOwners.getDefaultInstance(),
                OwningPlugins.getDefaultInstance());
    }
}
