import { createTeam } from './create-team';
import { getTeam } from './get-team';
import { listTeamMembers } from './list-team-members';
import { listTeams } from './list-teams';
import { putTeamMember } from './put-team-member';
import { removeTeam } from './remove-team';
import { removeTeamMember } from './remove-team-member';
import { updateTeam } from './update-team';
import { updateTeamMembers } from './update-team-members';

/** The `orgs.teams` operations (part of the organizations area's tree). */
export const teamOperations = {
  list: listTeams,
  create: createTeam,
  get: getTeam,
  update: updateTeam,
  remove: removeTeam,
  members: {
    list: listTeamMembers,
    update: updateTeamMembers,
    put: putTeamMember,
    remove: removeTeamMember,
  },
};
