/** The campaigns of a campaign picker, each by its name. */
export function CampaignOptions({ campaigns }: { campaigns: readonly { id: string; name: string }[] }) {
  return campaigns.map((campaign) => (
    <option key={campaign.id} value={campaign.id}>
      {campaign.name}
    </option>
  ));
}
