package io.github.ompt4j.model;

/**
 * The inquiry functions a tool looks up ({@code ompt_get_thread_id}, {@code ompt_enumerate_state} ...), all in
 * one object that {@link OmptInquiry} answers for. One class, not a method reference per function: tools look
 * them up as they initialize, at start-up, where a method reference's first use links method handles.
 */
final class InquiryFunctions implements OmptApi.EnumerateState, OmptApi.EnumerateLockTypes,
        OmptApi.EnumerateAtomicTypes, OmptApi.GetThreadId, OmptApi.GetState, OmptApi.GetParallelId,
        OmptApi.GetParallelTeamSize, OmptApi.GetTaskInfo, OmptApi.GetMutexContended, OmptApi.GetParallelParticipants {
    static final InquiryFunctions ALL = new InquiryFunctions();

    private InquiryFunctions() {
    }

    @Override
    public int enumerateState(int currentState, int[] nextState, String[] nextStateName) {
        return OmptInquiry.enumerateState(currentState, nextState, nextStateName);
    }

    @Override
    public int enumerateLockTypes(int currentType, int[] nextType, String[] nextTypeName) {
        return OmptInquiry.enumerateLockTypes(currentType, nextType, nextTypeName);
    }

    @Override
    public int enumerateAtomicTypes(int currentType, int[] nextType, String[] nextTypeDescription) {
        return OmptInquiry.enumerateAtomicTypes(currentType, nextType, nextTypeDescription);
    }

    @Override
    public long getThreadId() {
        return OmptInquiry.threadId();
    }

    @Override
    public int getState(long[] waitId) {
        return OmptInquiry.state(waitId);
    }

    @Override
    public long getParallelId(int ancestorLevel) {
        return OmptInquiry.parallelId(ancestorLevel);
    }

    @Override
    public int getParallelTeamSize(int ancestorLevel) {
        return OmptInquiry.parallelTeamSize(ancestorLevel);
    }

    @Override
    public boolean getTaskInfo(int ancestorLevel, OmptTaskInfo info) {
        return OmptInquiry.taskInfo(ancestorLevel, info);
    }

    @Override
    public boolean getMutexContended() {
        return OmptInquiry.mutexContended();
    }

    @Override
    public long[] getParallelParticipants() {
        return OmptInquiry.endingParallelParticipants();
    }
}
