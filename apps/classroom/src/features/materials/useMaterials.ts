/** The query hooks of the learning materials (the lecture's list, the built-in textbooks). */
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/services';

export const materialKeys = {
  list: (curriculumId: number | undefined) => ['materials', curriculumId] as const,
  builtin: ['materials', 'builtin'] as const,
};

/** The materials of a lecture (disabled without one). */
export function useMaterialList(curriculumId: number | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: materialKeys.list(curriculumId),
    queryFn: () => api.materialList(curriculumId!),
    enabled: curriculumId !== undefined,
  });
}

/** The nine built-in textbooks with their units (they change only with a new catalogue). */
export function useBuiltinBooks() {
  const { api } = useServices();
  return useQuery({ queryKey: materialKeys.builtin, queryFn: () => api.builtinBooks(), staleTime: Infinity });
}
