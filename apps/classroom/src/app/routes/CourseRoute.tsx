/** The course page with the collect-pens action of the collect feature. */
import { CollectPensButton } from '../../features/collect/CollectPensButton';
import CoursePage from '../../features/lessons/CoursePage';

export default function CourseRoute() {
  return <CoursePage CollectPensButton={CollectPensButton} />;
}
