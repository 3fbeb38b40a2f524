// Worker entry: runs the planner calls posted by the planner runner.
import { serveTasks } from '../worker-runner/serve-tasks';
import { plannerTasks } from './planner-tasks';

serveTasks(plannerTasks);
